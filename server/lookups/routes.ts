import { Hono } from 'hono';
import { languageOf, requireCaller, type AppEnv } from '../context';
import type { Registry } from '../schemas';
import { lookupItems } from './answer';
import { readRequest } from './request';

/**
 * Every lookup of schemas/lookups.json at each of its paths (spec §7.9), by one handler:
 * `GET <path>?q=&id=&uuid=&<parameters>` → `[{value, label}]`, the items the caller may see.
 * Any logged-in account may call them (the /back/bo/* guard of app.ts); what it sees is the
 * source's scope.
 */
export function lookupRoutes(registry: Registry) {
  const app = new Hono<AppEnv>();
  for (const source of Object.values(registry.lookups)) {
    for (const path of source.paths) {
      app.get(path, async (c) => {
        const caller = requireCaller(c);
        const request = readRequest(source, c.req.queries(), registry.enums);
        const { db } = c.get('services');
        return c.json(await lookupItems({ db, registry, caller, language: languageOf(c) }, source, request));
      });
    }
  }
  return app;
}
