import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './catalogue-cache';

describe('answers kept until the catalogue changes (decision 157)', () => {
  it('reads once per key, shares a read under way, and drops the least recently used past its size', async () => {
    const kept = new KeptAnswers<string>(2);
    let reads = 0;
    const read = (answer: string) => async () => {
      reads += 1;
      return answer;
    };
    const [a1, a2] = await Promise.all([kept.get('a', read('A')), kept.get('a', read('other'))]);
    expect([a1, a2, reads]).toEqual(['A', 'A', 1]);
    await kept.get('b', read('B'));
    await kept.get('a', read('again')); // a is now the most recently used
    await kept.get('c', read('C')); // drops b
    expect(kept.size).toBe(2);
    expect(await kept.get('a', read('new a'))).toBe('A');
    expect(await kept.get('b', read('new b'))).toBe('new b');
  });

  it('keeps nothing read across a change, nor what it is told not to keep, nor a failed read', async () => {
    const kept = new KeptAnswers<string | null>(10);
    let release!: (value: string) => void;
    const slow = kept.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    kept.clear();
    release('old');
    expect(await slow).toBe('old');
    expect(await kept.get('a', async () => 'fresh')).toBe('fresh');

    await kept.get(
      'none',
      async () => null,
      (answer) => answer !== null,
    );
    expect(
      await kept.get(
        'none',
        async () => 'made since',
        (answer) => answer !== null,
      ),
    ).toBe('made since');

    await expect(kept.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept.get('x', async () => 'up')).toBe('up');
  });
});
