/** The per-instance cache of session versions (decisions/083), on a fake clock and a fake read. */
import { describe, expect, it } from 'vitest';
import { SESSION_VERSION_TTL_MS, SessionVersions } from './session-versions';

function setup(options: { maxEntries?: number } = {}) {
  let now = 1_000_000;
  const versions = new Map<string, number>([
    ['ann', 0],
    ['bob', 3],
  ]);
  const reads: string[] = [];
  let failNext = false;
  const cache = new SessionVersions(
    async (id) => {
      reads.push(id);
      if (failNext) {
        failNext = false;
        throw new Error('database down');
      }
      return versions.get(id) ?? null;
    },
    { now: () => now, ...options },
  );
  return {
    cache,
    reads,
    versions,
    advance: (ms: number) => (now += ms),
    failOnce: () => (failNext = true),
  };
}

describe('SessionVersions', () => {
  it('reads an account once per lifetime and answers null for no such account', async () => {
    const s = setup();
    expect(await s.cache.current('ann')).toBe(0);
    expect(await s.cache.current('ann')).toBe(0);
    expect(await s.cache.current('bob')).toBe(3);
    expect(await s.cache.current('nobody')).toBeNull();
    expect(s.reads).toEqual(['ann', 'bob', 'nobody']);
  });

  it('sees a change made elsewhere once the lifetime has passed, not before', async () => {
    const s = setup();
    expect(await s.cache.current('ann')).toBe(0);
    s.versions.set('ann', 1); // another instance ended ann's sessions
    s.advance(SESSION_VERSION_TTL_MS - 1);
    expect(await s.cache.current('ann')).toBe(0);
    s.advance(1);
    expect(await s.cache.current('ann')).toBe(1);
  });

  it('forget() makes the next call read the new version at once', async () => {
    const s = setup();
    expect(await s.cache.current('ann')).toBe(0);
    s.versions.set('ann', 1);
    s.cache.forget('ann');
    expect(await s.cache.current('ann')).toBe(1);
    expect(s.reads).toEqual(['ann', 'ann']);
  });

  it('concurrent calls for one account share one read', async () => {
    const s = setup();
    expect(await Promise.all([s.cache.current('bob'), s.cache.current('bob'), s.cache.current('bob')])).toEqual([
      3, 3, 3,
    ]);
    expect(s.reads).toEqual(['bob']);
  });

  it('a failed read is not kept: the caller sees the error, the next call reads again', async () => {
    const s = setup();
    s.failOnce();
    await expect(s.cache.current('ann')).rejects.toThrow('database down');
    expect(await s.cache.current('ann')).toBe(0);
    expect(s.reads).toEqual(['ann', 'ann']);
  });

  it('keeps at most maxEntries accounts, dropping the oldest', async () => {
    const s = setup({ maxEntries: 2 });
    await s.cache.current('ann');
    await s.cache.current('bob');
    await s.cache.current('cy');
    expect(s.cache.size).toBe(2);
    await s.cache.current('bob'); // still kept
    await s.cache.current('ann'); // was dropped: read again
    expect(s.reads).toEqual(['ann', 'bob', 'cy', 'ann']);
  });
});
