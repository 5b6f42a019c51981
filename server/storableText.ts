import { validationError, type FieldError } from './errors';

/**
 * Text no store can keep as sent: U+0000, or a UTF-16 surrogate without its pair (PostgreSQL's
 * text and jsonb refuse both; the embedded store would keep what PostgreSQL cannot, so a copy
 * between the two would fail). Every request is checked where it is read (json-body.ts for bodies,
 * urlGuard.ts for the query and the path), so no route ever sees such text.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isUnstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

export const UNSTORABLE_KEY = 'validation.unstorableText';

/** One field error per offending place (`path` a JSON pointer), as CONTRACT.md's 400. */
export const unstorableText = (paths: string[]) => validationError(paths.map((path): FieldError => ({ path, key: UNSTORABLE_KEY })));

/** A JSON pointer's segment (RFC 6901). */
export const pointerSegment = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** At most this many places are named in one refusal. */
export const MAX_NAMED = 20;

/** The first `MAX_NAMED` places of strings (keys included) in a parsed JSON body that hold unstorable text. */
export function unstorablePlaces(body: unknown): string[] {
  const bad: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  while (pending.length && bad.length < MAX_NAMED) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (isUnstorable(value)) bad.push(path);
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${path}/${pointerSegment(key)}`;
      if (isUnstorable(key)) bad.push(childPath);
      else pending.push({ value: child, path: childPath });
    }
  }
  return bad.sort();
}
