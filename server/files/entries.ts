import { COLLECTIONS, type Contact } from '../identity';
import type { EntityDef } from '../schemas';
import { and, eq } from '../store/query';
import type { AsyncStore, Reader, Row, Stored, Writer } from '../store/types';
import type { FileStorage } from './storage';

/**
 * File entries (collection `files`, schemas/entities/file.json): the metadata of a record's
 * file; the bytes are the blob of its hash, removed when the last entry using it goes.
 */
export const FILES = 'files';
const LIST_LIMIT = 1000;

export interface FileRow extends Row {
  fileId: number;
  entityId: number;
  fileType: string;
  fileName: string;
  mimeType: string;
  byteSize: number;
  hash: string;
  picture: boolean;
  universeId: number;
}

/** The FileEntry of the contract: the stored entry without its hash, universe and version. */
export function fileEntry(row: Stored<FileRow>): Row {
  const { hash: _hash, universeId: _universe, version: _version, ...entry } = row;
  return entry;
}

/** The entries of a record in one domain, newest first (the file.json order on entityId, fileId). */
export const filesOf = (db: Reader, universeId: number, fileType: string, entityId: number) =>
  db.query<FileRow>({
    collection: FILES,
    where: and(eq('entityId', entityId), eq('fileType', fileType), eq('universeId', universeId)),
    orderBy: [{ field: 'entityId' }, { field: 'fileId', desc: true }],
    limit: LIST_LIMIT,
  });

/** The entry `fileId` of that record and domain in the universe, if any. */
export async function fileOf(db: Reader, universeId: number, fileTypes: readonly string[], entityId: number, fileId: number): Promise<Stored<FileRow> | undefined> {
  const row = await db.get<FileRow>(FILES, fileId);
  return row && row.universeId === universeId && row.entityId === entityId && fileTypes.includes(row.fileType) ? row : undefined;
}

/** Removes entries in a transaction (a contact's picture link with its entry); answers the hashes to release after the commit. */
export async function removeEntries(tx: Writer, rows: readonly Stored<FileRow>[]): Promise<string[]> {
  for (const row of rows) {
    await tx.remove(FILES, row.fileId);
    if (row.fileType !== 'CONTACT') continue;
    const contact = await tx.get<Contact>(COLLECTIONS.contacts, row.entityId);
    if (contact?.pictureFileId === row.fileId) await tx.update<Row>(COLLECTIONS.contacts, row.entityId, ({ pictureFileId: _picture, ...rest }) => rest);
  }
  return rows.map((row) => row.hash);
}

/** Removes the blob of `hash` unless an entry uses it; the caller holds `storage.withHash(hash)`. */
export async function releaseIfUnused(db: AsyncStore, storage: FileStorage, hash: string): Promise<void> {
  const users = await db.count({ collection: FILES, where: eq('hash', hash), orderBy: [{ field: 'hash' }, { field: 'fileId' }], limit: 1 });
  if (!users) await storage.release(hash);
}

/** After the commit: the blobs no entry uses any more leave the disk. */
export async function releaseUnused(db: AsyncStore, storage: FileStorage, hashes: readonly string[]): Promise<void> {
  for (const hash of new Set(hashes)) await storage.withHash(hash, () => releaseIfUnused(db, storage, hash));
}

/** A deleted record takes its files with it (in its transaction); answers the hashes to release after the commit. */
export async function removeRecordFiles(tx: Writer, entity: EntityDef, record: Stored<Row>): Promise<string[]> {
  const domains = Object.keys(entity.files);
  if (!domains.length) return [];
  const recordId = record[entity.idField] as number;
  const rows = (await Promise.all(domains.map((domain) => filesOf(tx, record.universeId as number, domain, recordId)))).flat();
  return removeEntries(tx, rows);
}

/** A record merged into another (then removed) hands its files over to it. */
export async function moveRecordFiles(tx: Writer, entity: EntityDef, from: Stored<Row>, toId: number): Promise<void> {
  const fromId = from[entity.idField] as number;
  for (const domain of Object.keys(entity.files)) {
    for (const row of await filesOf(tx, from.universeId as number, domain, fromId)) await tx.update<FileRow>(FILES, row.fileId, (current) => ({ ...current, entityId: toId }));
  }
}
