import type { MiddlewareHandler } from 'hono';
import { tryDecodeURIComponent } from 'hono/utils/url';
import { validationError } from './errors';
import { MAX_NAMED, isUnstorable, pointerSegment, unstorableText } from './storableText';

/**
 * No query parameter is repeated more often (every search schema's maxItems is below it,
 * tests/unit/schema-bounds): a route reading a repeated parameter gets a bounded list.
 */
export const MAX_QUERY_VALUES = 500;

/**
 * The URL's checks, before any route runs: the query's parameters (names and values, decoded as
 * the routes decode them) and the path's segments hold no text a store cannot keep (400 naming a
 * query parameter `/<name>`, a path segment `/path/<position>` counted after `/back`), and no
 * parameter is repeated more than MAX_QUERY_VALUES times (400 `validation.tooMany`).
 */
export const urlGuard: MiddlewareHandler = async (c, next) => {
  const unstorable: string[] = [];
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length > MAX_QUERY_VALUES) throw validationError([{ path: `/${pointerSegment(name)}`, key: 'validation.tooMany' }]);
    if (isUnstorable(name) || values.some(isUnstorable)) unstorable.push(`/${pointerSegment(name)}`);
  }
  c.req.path
    .split('/')
    .slice(2)
    .forEach((segment, position) => {
      if (isUnstorable(tryDecodeURIComponent(segment))) unstorable.push(`/path/${position}`);
    });
  if (unstorable.length) throw unstorableText(unstorable.slice(0, MAX_NAMED));
  await next();
};
