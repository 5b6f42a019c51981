import type { Caller } from '../context';
import { nowIso } from '../dates';
import { FILES, filesOf, type FileRow } from '../files/entries';
import type { FileStorage } from '../files/storage';
import { fullName } from '../identity';
import type { RecordAccess } from '../resources/recordAccess';
import { canAddElements } from '../services/access';
import type { AsyncStore, Row } from '../store/types';
import { followElements } from '../tasks/lifecycle';
import { referenceKey, servicesOfReference } from './lines';

/**
 * `GET /back/bo/referenceElements/{id}/pushToServices` (docs/files.md "A reference's elements"):
 * the reference's files (domain REFERENCE) become elements (domain SERVICE) of its open services
 * — the services holding a line of it, neither terminated nor cancelled, that the caller sees and
 * may add elements to. A copy is a new file entry on the same blob (the storage keeps one blob per
 * content: it leaves the disk with its last entry), so nothing is copied on disk; a service that
 * already holds that content gets no second copy, so pushing again changes nothing. One
 * transaction: all of it or nothing.
 */
export const OPEN_STEPS = ['OPENED', 'REQUESTED', 'CONFIRMED'];

export interface PushAnswer {
  /** The reference's files. */
  elements: number;
  /** Open services of the reference the files went to (or were already in). */
  services: number;
  /** New elements made. */
  copied: number;
  /** Elements a service already held (the same content). */
  alreadyThere: number;
  /** Open services of the reference the caller sees but may not add elements to (left as they are). */
  readOnly: number;
}

/** Runs `work` holding the blob lock of each hash, taken in order (a delete cannot release a blob a copy is being made of). */
function withHashes<T>(storage: FileStorage, hashes: readonly string[], work: () => Promise<T>): Promise<T> {
  const [first, ...rest] = hashes;
  return first === undefined ? work() : storage.withHash(first, () => withHashes(storage, rest, work));
}

const copyOf = (element: FileRow, serviceId: number, caller: Caller): Row => ({
  entityId: serviceId,
  fileType: 'SERVICE',
  creationDate: nowIso(),
  fileName: element.fileName,
  mimeType: element.mimeType,
  byteSize: element.byteSize,
  hash: element.hash,
  ...(element.documentType ? { documentType: element.documentType } : {}),
  ...(element.comment ? { comment: element.comment } : {}),
  picture: element.picture,
  contactId: caller.contact.contactId,
  author: fullName(caller.contact),
  universeId: element.universeId,
});

/** `referenceAccess`: the reference's rule (server/resources/recordAccess.ts) — its brand's managers push. */
export async function pushElements(db: AsyncStore, storage: FileStorage, referenceAccess: RecordAccess, caller: Caller, referenceId: number): Promise<PushAnswer> {
  await referenceAccess.write(db, referenceId, caller);
  const hashes = [...new Set((await filesOf(db, caller.universeId, 'REFERENCE', referenceId)).map((file) => file.hash))].sort();
  return withHashes(storage, hashes, () =>
    db.transaction(async (tx) => {
      const reference = await referenceAccess.write(tx, referenceId, caller);
      // A file added since the locks were taken waits for the next push.
      const elements = (await filesOf(tx, caller.universeId, 'REFERENCE', referenceId)).filter((file) => hashes.includes(file.hash)).reverse();
      const open = await servicesOfReference(tx, caller, referenceKey(reference), { op: 'in', field: 'serviceStep', values: OPEN_STEPS });
      const answer: PushAnswer = { elements: elements.length, services: 0, copied: 0, alreadyThere: 0, readOnly: 0 };
      for (const service of open) {
        if (!canAddElements(service, caller)) {
          answer.readOnly++;
          continue;
        }
        answer.services++;
        const serviceId = service.serviceId as number;
        const held = new Set((await filesOf(tx, caller.universeId, 'SERVICE', serviceId)).map((file) => file.hash));
        const before = answer.copied;
        for (const element of elements) {
          if (held.has(element.hash)) {
            answer.alreadyThere++;
            continue;
          }
          await tx.insert<Row>(FILES, 'fileId', copyOf(element, serviceId, caller));
          held.add(element.hash);
          answer.copied++;
        }
        if (answer.copied > before) await followElements(tx, serviceId, 'ELEMENT_ADDED');
      }
      return answer;
    }),
  );
}
