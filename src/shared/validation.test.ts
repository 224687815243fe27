import { describe, expect, it } from 'vitest';
import * as MSG from './messages';
import { changePasswordProblem, isValidEmail, isValidPassword, normaliseEmail, signUpProblem } from './validation';

describe('password rule', () => {
  it.each(['abc123', 'ABCDE1', '123456', 'a1b2c3d4e5'])('accepts %s', (password) => {
    expect(isValidPassword(password)).toBe(true);
  });
  it.each([
    ['too short', 'abc12'],
    ['no digit', 'abcdefg'],
    ['a symbol', 'abc12!'],
    ['a space', 'abc 123'],
    ['a non-ASCII letter', 'pässw0rd'],
    ['empty', ''],
    ['longer than 128', `a1${'b'.repeat(127)}`],
  ])('refuses a password with %s', (_why, password) => {
    expect(isValidPassword(password)).toBe(false);
  });
});

describe('e-mail', () => {
  it('accepts an address with an @ and a dot', () => {
    expect(isValidEmail('reader@example.co.uk')).toBe(true);
  });
  it.each(['reader', 'reader@example', '@example.com', 'a b@example.com', ''])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it('normalises to trimmed lower case', () => {
    expect(normaliseEmail('  Reader@Example.COM ')).toBe('reader@example.com');
  });
});

describe('form problems', () => {
  it('sign-up reports a mismatch before the rule, with the spec words', () => {
    expect(signUpProblem('abc', 'abd')).toBe(MSG.passwordsDoNotMatch);
    expect(signUpProblem('abcdef', 'abcdef')).toBe(MSG.passwordRule);
    expect(signUpProblem('abc123', 'abc123')).toBeNull();
  });
  it('change password uses "Passwords must match"', () => {
    expect(changePasswordProblem('abc123', 'abc124')).toBe(MSG.passwordsMustMatch);
    expect(changePasswordProblem('abcdef', 'abcdef')).toBe(MSG.passwordRule);
    expect(changePasswordProblem('abc123', 'abc123')).toBeNull();
  });
});
