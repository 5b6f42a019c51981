import type { Context } from 'hono';
import { HttpError, badRequest, validationError } from './errors';
import { pointerSegment, unstorablePlaces, unstorableText } from './storableText';

/** Keys that could reach an object's prototype if some code ever merged the body naively. */
const poisonKeys = new Set(['__proto__', 'constructor', 'prototype']);
/** No schema nests this deep; deeper bodies would only exhaust the stack of later steps. */
const MAX_DEPTH = 32;

/**
 * No array a client sends is longer (every schema's maxItems is below it, tests/unit/schema-bounds):
 * a huge list is refused here, before a route spends time on each of its items.
 */
export const MAX_ARRAY_ITEMS = 5_000;

type Problem = { key: string } | { depth: true } | { tooMany: string };

/** The body's first problem (a forbidden key, too deep, too long a list), walking without recursion. */
function findProblem(body: unknown): Problem | undefined {
  const pending: { value: unknown; depth: number; path: string }[] = [{ value: body, depth: 0, path: '' }];
  while (pending.length) {
    const { value, depth, path } = pending.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (depth > MAX_DEPTH) return { depth: true };
    if (Array.isArray(value) && value.length > MAX_ARRAY_ITEMS) return { tooMany: path };
    for (const [key, child] of Object.entries(value)) {
      if (poisonKeys.has(key)) return { key };
      pending.push({ value: child, depth: depth + 1, path: `${path}/${pointerSegment(key)}` });
    }
  }
  return undefined;
}

/** `application/json`, parameters (charset) aside. */
const declaresJson = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() === 'application/json';

/**
 * The request's JSON body (`undefined` when empty and `optional`). A body not declared as
 * `application/json` is refused with 415 (a cross-site form may post text/plain without a
 * preflight); malformed JSON, prototype-polluting keys, lists over MAX_ARRAY_ITEMS and text no store can keep (U+0000, a lone
 * surrogate: storableText.ts, 400 naming each place) are refused before any code sees the data.
 */
export async function readJson(c: Context, optional = false): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) {
    if (optional) return undefined;
    throw badRequest('error.badJson');
  }
  if (!declaresJson(c.req.header('Content-Type'))) throw new HttpError(415, 'UnsupportedMediaTypeException', 'error.jsonOnly');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('error.badJson');
  }
  const problem = findProblem(body);
  if (problem && 'depth' in problem) throw badRequest('error.tooDeep', { max: MAX_DEPTH });
  if (problem && 'key' in problem) throw new HttpError(400, 'BadRequestException', 'error.forbiddenKey', { key: problem.key });
  if (problem && 'tooMany' in problem) throw validationError([{ path: problem.tooMany, key: 'validation.tooMany' }]);
  const unstorable = unstorablePlaces(body);
  if (unstorable.length) throw unstorableText(unstorable);
  return body;
}

/**
 * The request's form fields (`application/x-www-form-urlencoded` or multipart; files left out),
 * with the same refusals as `readJson`: unreadable forms and text no store can keep.
 */
export async function readForm(c: Context): Promise<Record<string, string>> {
  const form = await c.req.parseBody().catch(() => {
    throw badRequest('error.badForm');
  });
  const fields = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const unstorable = unstorablePlaces(fields);
  if (unstorable.length) throw unstorableText(unstorable);
  return fields;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
