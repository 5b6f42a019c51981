import type { Context } from 'hono';
import { HttpError, badRequest } from './errors';

/** Keys that could reach an object's prototype if some code ever merged the body naively. */
const poisonKeys = new Set(['__proto__', 'constructor', 'prototype']);

function findPoisonKey(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (poisonKeys.has(key)) return key;
    const found = findPoisonKey(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * The request's JSON body (`undefined` when empty and `optional`). Malformed JSON and
 * prototype-polluting keys are refused before any code sees the data.
 */
export async function readJson(c: Context, optional = false): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) {
    if (optional) return undefined;
    throw badRequest('error.badJson');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('error.badJson');
  }
  const key = findPoisonKey(body);
  if (key) throw new HttpError(400, 'BadRequestException', 'error.forbiddenKey', { key });
  return body;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
