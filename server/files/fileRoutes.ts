import { Hono } from 'hono';
import { requireCaller, type AppContext, type AppEnv } from '../context';
import { notFound } from '../errors';
import type { Registry } from '../schemas';
import type { FileDomains } from './domains';
import { fileOf } from './entries';
import { fileCalls } from './fileCalls';
import { sendFile } from './send';

/**
 * A record's files (files-contract): the list (read right of the record), a download, a delete
 * (write right; the blob leaves the disk with its last entry), and the service sheet's elements
 * (list and rename, comment, document type).
 */
const id = '[0-9]+';
/** `{entityId}_{fileId}` of the download and delete links. */
const REF = ':ref{[0-9]+_[0-9]+}';
const refOf = (c: AppContext) => c.req.param('ref')!.split('_').map(Number) as [number, number];

export function fileRoutes(registry: Registry, domains: FileDomains): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const context = (c: AppContext) => ({ caller: requireCaller(c), db: c.get('services').db, storage: c.get('services').files });
  const { list, remove, edit } = fileCalls(registry, domains);

  app.get(`/back/bo/uploads/elements/:fileType{[A-Z0-9_]+}/:entityId{${id}}`, (c) => list(c, c.req.param('fileType'), Number(c.req.param('entityId'))));
  app.delete(`/back/bo/uploads/elements/:fileType{[A-Z0-9_]+}/:entityId{${id}}/:fileId{${id}}`, (c) =>
    remove(c, [domains.get(c.req.param('fileType')).name], Number(c.req.param('entityId')), Number(c.req.param('fileId'))),
  );

  /** Download: the bytes as an attachment named after the file. */
  const download = async (c: AppContext) => {
    const { caller, db, storage } = context(c);
    const { entity, record } = domains.ofLink(c.req.param('domain')!);
    const [entityId, fileId] = refOf(c);
    await record.read(db, entityId, caller);
    const file = await fileOf(db, caller.universeId, Object.keys(entity.files), entityId, fileId);
    if (!file) throw notFound();
    await domains.get(file.fileType).access.read(db, entityId, caller);
    return sendFile(c, storage.blobPath(file.hash), { type: file.mimeType, attachment: file.fileName });
  };
  app.get(`/back/bo/files/:domain{[A-Za-z0-9_]+}/${REF}`, download);
  app.get(`/back/bo/files/:domain{[A-Za-z0-9_]+}/${REF}/`, download);

  /** A contact's picture or a service's element, by its link (the link's domain first: CONTACT, SERVICE). */
  const removeByLink = (c: AppContext) => {
    const { entity, name } = domains.ofLink(c.req.param('domain')!);
    const [entityId, fileId] = refOf(c);
    return remove(c, [name, ...Object.keys(entity.files).filter((other) => other !== name)], entityId, fileId);
  };
  app.delete(`/back/bo/files/:domain{contacts|services}/${REF}`, removeByLink);
  app.delete(`/back/bo/files/:domain{contacts|services}/${REF}/`, removeByLink);

  // ---- the service sheet's elements (domain SERVICE) ----
  const ELEMENTS = `/back/bo/serviceElements/:id{${id}}/elements`;
  app.get(ELEMENTS, (c) => list(c, 'SERVICE', Number(c.req.param('id'))));

  app.patch(`${ELEMENTS}/:fileId{${id}}`, (c) => edit(c, 'SERVICE', Number(c.req.param('id')), Number(c.req.param('fileId'))));

  return app;
}
