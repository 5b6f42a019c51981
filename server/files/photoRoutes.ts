import { Hono } from 'hono';
import { requireCaller, type AppContext, type AppEnv } from '../context';
import { notFound } from '../errors';
import type { Stored } from '../store/types';
import type { FileDomains } from './domains';
import { FILES, type FileRow } from './entries';
import { sendFile } from './send';
import { isResolution, thumbnailPath } from './thumbnails';

/**
 * Pictures (files-contract "Pictures"): the original image and its thumbnails, behind the read
 * right of the file's record. A content never changes under its link, so the answer is cached
 * for a year; the ETag is the content's hash. `?d=` (a client's cache buster) is ignored.
 */
export function photoRoutes(domains: FileDomains): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** The picture entry `fileId`, readable by the caller (of `entityId` when given). */
  const picture = async (c: AppContext, fileId: number, entityId?: number): Promise<Stored<FileRow>> => {
    const caller = requireCaller(c);
    const { db } = c.get('services');
    const file = await db.get<FileRow>(FILES, fileId);
    if (!file || !file.picture || file.universeId !== caller.universeId || (entityId !== undefined && file.entityId !== entityId)) throw notFound();
    await domains.get(file.fileType).access.read(db, file.entityId, caller);
    return file;
  };
  const cached = (file: FileRow) => ({ etag: file.hash, immutable: true });

  app.get('/back/photos/:fileId{[0-9]+}/ORIGINAL', async (c) => {
    const file = await picture(c, Number(c.req.param('fileId')));
    return sendFile(c, c.get('services').files.blobPath(file.hash), { type: file.mimeType, ...cached(file) });
  });

  app.get('/back/photos/:resolution/:ref{[0-9]+_[0-9]+}/:name', async (c) => {
    const resolution = c.req.param('resolution');
    if (!isResolution(resolution)) throw notFound();
    const [entityId, fileId] = c.req.param('ref').split('_').map(Number);
    const file = await picture(c, fileId, entityId);
    const path = await thumbnailPath(c.get('services').files, file.hash, resolution);
    return sendFile(c, path, { type: 'image/jpeg', etag: `${file.hash}-${resolution}`, immutable: true });
  });

  return app;
}
