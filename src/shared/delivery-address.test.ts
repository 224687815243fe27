/**
 * The delivery address rule (decision 110, and 133 for invisible characters and lengths in
 * characters): the same functions the checkout form and the server use.
 */
import { describe, expect, it } from 'vitest';
import {
  addressProblemList,
  addressProblems,
  byCountryName,
  characterCount,
  codePointName,
  normaliseAddress,
  splitAtInvisible,
  type DeliveryAddress,
} from './delivery-address';

const GOOD: DeliveryAddress = {
  name: 'Ann Reader',
  line1: '14 Orchard Row',
  line2: 'Flat 2',
  city: 'York',
  county: 'North Yorkshire',
  postcode: 'YO1 7HH',
  country: 'GB',
  phone: '01904 555123',
};
const problemsOf = (changes: Partial<DeliveryAddress>) =>
  addressProblems(normaliseAddress({ ...GOOD, ...changes }), ['GB']);

describe('the delivery address rule', () => {
  it('accepts a good address', () => {
    expect(addressProblemList(GOOD, ['GB'])).toEqual([]);
  });

  it.each([
    ['U+202E', 'right-to-left override', '\u202e'],
    ['U+200F', 'right-to-left mark', '\u200f'],
    ['U+2066', 'left-to-right isolate', '\u2066'],
    ['U+200B', 'zero-width space', '\u200b'],
    ['U+200D', 'zero-width joiner', '\u200d'],
    ['U+00AD', 'soft hyphen', '\u00ad'],
    ['U+E0041', 'tag character', '\u{E0041}'],
    ['U+D800', 'lone surrogate', '\ud800'],
  ])('refuses an invisible character (%s, a %s) in any field, naming it', (code, _name, character) => {
    expect(problemsOf({ name: `Ann${character}Reader` }).name).toBe(
      `Full name contains an invisible character (${code}) that can reorder or hide text: please type it again without it.`,
    );
    expect(problemsOf({ line2: `Flat${character} 2` }).line2).toMatch(
      `Address line 2 contains an invisible character (${code})`,
    );
    expect(problemsOf({ phone: `01904${character}555123` }).phone).toMatch(`(${code})`);
  });

  it('folds a byte order mark (U+FEFF, white space to JavaScript) into a space, as other white space', () => {
    expect(normaliseAddress({ ...GOOD, name: 'Ann\ufeffReader' }).name).toBe('Ann Reader');
  });

  it('counts lengths in characters (code points), not UTF-16 units', () => {
    expect(characterCount('🦊')).toBe(1);
    expect(characterCount('𝟙𝟜 Orchard Row')).toBe(14);
    expect(problemsOf({ name: '🦊'.repeat(80) }).name).toBeUndefined();
    expect(problemsOf({ name: '🦊'.repeat(81) }).name).toBe('Full name must be at most 80 characters.');
    expect(problemsOf({ city: '𝒴'.repeat(60) }).city).toBeUndefined();
    expect(problemsOf({ phone: `+44 ${'1'.repeat(3000)}` }).phone).toBe('Phone number must be at most 24 characters.');
  });

  it('keeps letters of every script, accents and emoji that are not format characters', () => {
    expect(
      problemsOf({ name: 'Zoë Brontë-Ó Súilleabháin', line1: 'שדרות רוטשילד 1', city: 'Αθήνα', county: '東京' }),
    ).toEqual({});
  });

  it('cuts a text at its invisible characters, so a page can show each as its code', () => {
    expect(splitAtInvisible('Ann \u202eredaeR')).toEqual(['Ann ', '\u202e', 'redaeR']);
    expect(splitAtInvisible('York\u{E0041}')).toEqual(['York', '\u{E0041}', '']);
    expect(splitAtInvisible('Zoë 🦊')).toEqual(['Zoë 🦊']);
    expect(codePointName('\u{E0041}')).toBe('U+E0041');
    expect(codePointName('\u200d')).toBe('U+200D');
  });

  it('lists every problem in the form’s order', () => {
    expect(addressProblemList(normaliseAddress({ ...GOOD, name: '', phone: 'x\u202e' }), ['GB'])).toEqual([
      'Please enter your full name.',
      'Phone number contains an invisible character (U+202E) that can reorder or hide text: please type it again without it.',
    ]);
  });
});

describe('country pickers', () => {
  it('list the codes by their en-GB names, leaving the list given alone', () => {
    const zone = ['IE', 'FR', 'DE', 'GB'];
    expect(byCountryName(zone)).toEqual(['FR', 'DE', 'IE', 'GB']);
    expect(zone).toEqual(['IE', 'FR', 'DE', 'GB']);
  });
});
