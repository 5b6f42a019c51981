import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { stateChangingGetCaller } from '../routes/stateChangingGet';
import type { Registry } from '../schemas';
import type { FileDomains } from '../files/domains';
import { fileCalls } from '../files/fileCalls';
import { recordAccess } from '../resources/recordAccess';
import { pushElements } from './pushElements';

/**
 * A reference's files and elements (spec §7.3, docs/files.md "A reference's elements"): its
 * pictures and documents (domain REFERENCE, uploaded through the resumable upload) listed,
 * renamed, commented, typed and removed at the spec's paths — the delete names the file first
 * (`/files/references/{fileId}/{referenceId}/`) — and pushed to its open services.
 */
const id = '[0-9]+';

export function referenceElementRoutes(registry: Registry, domains: FileDomains): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { list, remove, edit } = fileCalls(registry, domains);
  const referenceAccess = recordAccess(registry.entities.get('reference')!);
  const ELEMENTS = `/back/bo/referenceElements/:id{${id}}`;

  app.get(`${ELEMENTS}/elements`, (c) => list(c, 'REFERENCE', Number(c.req.param('id'))));
  app.patch(`/back/bo/files/references/:id{${id}}/elements/:fileId{${id}}`, (c) => edit(c, 'REFERENCE', Number(c.req.param('id')), Number(c.req.param('fileId'))));
  const removeOne = (c: AppContext) => remove(c, ['REFERENCE'], Number(c.req.param('referenceId')), Number(c.req.param('fileId')));
  app.delete(`/back/bo/files/references/:fileId{${id}}/:referenceId{${id}}`, removeOne);
  app.delete(`/back/bo/files/references/:fileId{${id}}/:referenceId{${id}}/`, removeOne);

  // A GET that writes (the spec's): the write rules of a GET that changes state (X-Requested-With, a writing token).
  app.get(`${ELEMENTS}/pushToServices`, async (c) => {
    const caller = stateChangingGetCaller(c);
    const { db, files } = c.get('services');
    return c.json(await pushElements(db, files, referenceAccess, caller, Number(c.req.param('id'))));
  });
  return app;
}
