import { beforeAll, describe, expect, it } from 'vitest';
import { GOOD_LENGTH, MIN_LENGTH, loadPasswordChecker, verdictOf, type PasswordChecker } from '../../engine/password/strength';

/** Spec §5.2 password rules with the real zxcvbn estimator. */
let check: PasswordChecker;
const claire = ['Claire', 'Dubois'];

beforeAll(async () => {
  check = await loadPasswordChecker();
}, 30_000);

describe('password strength', () => {
  it('has the spec lengths', () => {
    expect([MIN_LENGTH, GOOD_LENGTH]).toEqual([8, 15]);
  });

  it('loads the checker once', async () => {
    expect(await loadPasswordChecker()).toBe(check);
  });

  it('refuses fewer than 8 characters', () => {
    const verdict = check('short1!', claire);
    expect(verdict.problems).toContain('tooShort');
    expect(verdict.strength).toBe('weak');
    expect(check('Xq7#pz!', []).problems).toContain('tooShort');
  });

  it("refuses the owner's first or last name, whatever the case and accents", () => {
    expect(check('Claire-Dubois-99', claire).problems).toEqual(['containsName']);
    expect(check('Claire-Dubois-99', claire).strength).toBe('weak');
    expect(check('xx-DUBOIS-x7!q', claire).problems).toEqual(['containsName']);
    expect(check('helene-Xyz-83!q', ['Hélène', 'Martin']).problems).toEqual(['containsName']);
    expect(check('Hélène-Xyz-83!q', ['Helene', 'Martin']).problems).toEqual(['containsName']);
    // Composite names count part by part.
    expect(check('Pierre-xyz-83!q', ['Jean-Pierre', 'Martin']).problems).toEqual(['containsName']);
  });

  it('ignores name parts shorter than 3 letters', () => {
    expect(check('Li-de-Garden-7!q', ['Li', 'De La Tour']).problems).toEqual([]);
    expect(check('Tour-Garden-7!q', ['Li', 'De La Tour']).problems).toEqual(['containsName']);
  });

  it("refuses a weak password ('choose a stronger password')", () => {
    for (const password of ['password1', 'qwerty1234', 'Summer2024', 'abcd1234']) {
      const verdict = check(password, claire);
      expect(verdict.problems, password).toEqual(['tooWeak']);
      expect(verdict.score, password).toBeLessThan(2);
      expect(verdict.strength, password).toBe('weak');
    }
  });

  it('accepts the demo password as good', () => {
    expect(check('Demo-Pass-2026!', claire)).toEqual({ strength: 'good', score: 4, problems: [] });
  });

  it('grades from the score below 15 characters: 2 fair, 3-4 good', () => {
    expect(check('kitten123x', claire)).toEqual({ strength: 'fair', score: 2, problems: [] });
    expect(check('hello-world', claire)).toMatchObject({ strength: 'good', score: 3, problems: [] });
  });

  it('counts 15 or more characters as good, even a plain lower-case phrase', () => {
    const phrase = 'sunny garden path';
    expect(phrase.length).toBeGreaterThanOrEqual(GOOD_LENGTH);
    expect(check(phrase, claire)).toMatchObject({ strength: 'good', problems: [] });
    // Long enough passes the complexity rule whatever zxcvbn thinks of it.
    const repeated = check('aaaaaaaaaaaaaaa', claire);
    expect(repeated.score).toBeLessThan(2);
    expect(repeated).toMatchObject({ strength: 'good', problems: [] });
  });

  it('lowers the score of a password built on the owner name (zxcvbn user inputs)', () => {
    expect(check('dubois2024', ['Claire', 'Dubois']).score).toBeLessThanOrEqual(check('dubois2024', ['Anna', 'Smith']).score);
  });

  it('applies the rules to a given score', () => {
    expect(verdictOf('abcdefgh', [], 1)).toEqual({ strength: 'weak', score: 1, problems: ['tooWeak'] });
    expect(verdictOf('abcdefgh', [], 2)).toEqual({ strength: 'fair', score: 2, problems: [] });
    expect(verdictOf('abcdefgh', [], 4)).toEqual({ strength: 'good', score: 4, problems: [] });
    expect(verdictOf('abc', ['abc'], 0).problems).toEqual(['tooShort', 'containsName', 'tooWeak']);
  });
});
