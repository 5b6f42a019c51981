import type { Context } from 'hono';
import { HttpError, badRequest } from './errors';

/** Keys that could reach an object's prototype if some code ever merged the body naively. */
const poisonKeys = new Set(['__proto__', 'constructor', 'prototype']);
/** No schema nests this deep; deeper bodies would only exhaust the stack of later steps. */
const MAX_DEPTH = 32;

/** The first forbidden key, walking without recursion; `depth` when the body nests too deep. */
function findBadKey(body: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (pending.length) {
    const { value, depth } = pending.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (depth > MAX_DEPTH) return 'depth';
    for (const [key, child] of Object.entries(value)) {
      if (poisonKeys.has(key)) return key;
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}

/** `application/json`, parameters (charset) aside. */
const declaresJson = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() === 'application/json';

/**
 * The request's JSON body (`undefined` when empty and `optional`). A body not declared as
 * `application/json` is refused with 415 (a cross-site form may post text/plain without a
 * preflight); malformed JSON and prototype-polluting keys are refused before any code sees the data.
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
  const key = findBadKey(body);
  if (key === 'depth') throw badRequest('error.tooDeep', { max: MAX_DEPTH });
  if (key) throw new HttpError(400, 'BadRequestException', 'error.forbiddenKey', { key });
  return body;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
