/**
 * Password rules (spec §5.2), shared by the server (which enforces them) and the browser's
 * strength meter (which mirrors them): at least 8 characters, not the owner's first or last
 * name, and a minimum complexity measured by zxcvbn (score >= 2) unless the password is a long
 * phrase of 15 or more characters, which always counts as good.
 *
 * zxcvbn and its dictionaries weigh about a megabyte: they are imported dynamically, so the
 * browser loads them in their own chunk only when a password form opens, and the server once.
 */
export const MIN_LENGTH = 8;
export const GOOD_LENGTH = 15;
/** Name parts shorter than this ("Li", "de") would refuse too many passwords. */
const MIN_NAME_PART = 3;
/** zxcvbn's lowest score that passes the complexity rule. */
const MIN_SCORE = 2;

export type PasswordProblem = 'tooShort' | 'containsName' | 'tooWeak';
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordVerdict {
  strength: 'weak' | 'fair' | 'good';
  score: PasswordScore;
  /** Empty when the password is acceptable; in this order of importance. */
  problems: PasswordProblem[];
}

export type PasswordChecker = (password: string, names: string[]) => PasswordVerdict;

/** Lower case without accents: "Hélène" and "HELENE" are the same name. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** "Jean-Pierre", "De La Tour" → the parts long enough to matter: jean, pierre, tour. */
function nameParts(names: string[]): string[] {
  return names.flatMap((name) => folded(name).split(/[^\p{L}]+/u)).filter((part) => part.length >= MIN_NAME_PART);
}

/** The verdict given zxcvbn's score; exported for tests of the rules themselves. */
export function verdictOf(password: string, names: string[], score: PasswordScore): PasswordVerdict {
  const length = [...password].length;
  const plain = folded(password);
  const problems: PasswordProblem[] = [];
  if (length < MIN_LENGTH) problems.push('tooShort');
  if (nameParts(names).some((part) => plain.includes(part))) problems.push('containsName');
  if (length < GOOD_LENGTH && score < MIN_SCORE) problems.push('tooWeak');
  const strength = problems.length ? 'weak' : length >= GOOD_LENGTH || score >= 3 ? 'good' : score === 2 ? 'fair' : 'weak';
  return { strength, score, problems };
}

async function createChecker(): Promise<PasswordChecker> {
  const [core, common, en, fr, it] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-fr'),
    import('@zxcvbn-ts/language-it'),
  ]);
  const zxcvbn = new core.ZxcvbnFactory({
    // English, French and Italian words and names are the product's languages (and users' passwords).
    dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary, ...it.dictionary },
    graphs: common.adjacencyGraphs,
    // Only the score is used; our own texts explain the problems.
    translations: en.translations,
  });
  return (password, names) => {
    const inputs = [...names, ...nameParts(names)].filter(Boolean);
    return verdictOf(password, names, zxcvbn.check(password, inputs).score as PasswordScore);
  };
}

let checker: Promise<PasswordChecker> | undefined;

/** The checker, built once (a failed load is retried on the next call). */
export function loadPasswordChecker(): Promise<PasswordChecker> {
  checker ??= createChecker().catch((error: unknown) => {
    checker = undefined;
    throw error;
  });
  return checker;
}
