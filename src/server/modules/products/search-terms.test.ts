import { describe, expect, it } from 'vitest';
import { escapeLike, searchWords, toSearchInput } from './search-terms';

describe('search terms', () => {
  it('keeps only letters and digits as words, lower-cased', () => {
    expect(searchWords("Puzzle's  BOOK (2nd) édition")).toEqual(['puzzle', 's', 'book', '2nd', 'édition']);
  });

  it('makes a prefix full-text query from the words', () => {
    expect(toSearchInput('colour bo')?.tsQuery).toBe('colour:* & bo:*');
  });

  it('drops SQL and tsquery syntax from the full-text part', () => {
    const input = toSearchInput("'; drop table products; -- & | ! :* ()");
    expect(input?.tsQuery).toBe('drop:* & table:* & products:*');
    expect(input?.text).toBe('drop table products');
  });

  it('escapes LIKE metacharacters so they match themselves', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(toSearchInput('100%')?.likePattern).toBe('%100\\%%');
  });

  it('uses no LIKE pattern for one- and two-character queries', () => {
    expect(toSearchInput('ab')?.likePattern).toBeNull();
  });

  it('answers null for an empty or blank query', () => {
    expect(toSearchInput('')).toBeNull();
    expect(toSearchInput('   ')).toBeNull();
  });

  it('leaves no full-text query when nothing but symbols was typed', () => {
    const input = toSearchInput('%%%');
    expect(input?.tsQuery).toBeNull();
    expect(input?.likePattern).toBe('%\\%\\%\\%%');
  });

  it('uses only the first 200 characters and at most 8 words of a very long query', () => {
    const input = toSearchInput('word '.repeat(400));
    expect(input?.tsQuery?.split(' & ')).toHaveLength(8);
    expect(input!.text.length).toBeLessThanOrEqual(200);
  });
});
