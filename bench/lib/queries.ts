/**
 * What shoppers type into the header search, for the generated catalogue's vocabulary
 * (seed-products.ts): whole words, words as they are being typed, typos, nothing that matches,
 * long pasted text and SQL/regex/LIKE metacharacters.
 */
export interface SearchQuery {
  kind: 'whole word' | 'several words' | 'partial word' | 'typo' | 'no match' | 'long text' | 'symbols';
  text: string;
}

const LONG_1000 =
  'I am looking for a present for my niece who loves puzzles and drawing, something with mazes or dinosaurs, '
    .repeat(10)
    .slice(0, 1000);

export const SEARCH_QUERIES: SearchQuery[] = [
  { kind: 'whole word', text: 'garden' },
  { kind: 'whole word', text: 'dinosaurs' },
  { kind: 'whole word', text: 'colouring' },
  { kind: 'several words', text: 'winter owls journal' },
  { kind: 'several words', text: 'mystery riddles book' },
  { kind: 'partial word', text: 'ga' },
  { kind: 'partial word', text: 'gar' },
  { kind: 'partial word', text: 'myst' },
  { kind: 'partial word', text: 'lightho' },
  { kind: 'typo', text: 'gardn' },
  { kind: 'typo', text: 'mistery' },
  { kind: 'typo', text: 'colering' },
  { kind: 'typo', text: 'dinosuars' },
  { kind: 'typo', text: 'butterflys' },
  { kind: 'no match', text: 'xylophone' },
  { kind: 'no match', text: 'quantum zebra' },
  { kind: 'long text', text: LONG_1000 },
  { kind: 'long text', text: LONG_1000.slice(0, 300) },
  { kind: 'symbols', text: "100% o'brien_[a-z]*" },
  { kind: 'symbols', text: "'; drop table products; --" },
];

export const searchPath = (text: string) => `/api/server/search?query=${encodeURIComponent(text)}`;
