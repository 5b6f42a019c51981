import type { PanelConfig } from '../../config';
import type { JsonSchema } from '../../schema/resolve';

type Row = Record<string, unknown>;

/** What an attachments panel works on: the record's file domain, its rules and the calls. */
export interface AttachmentTarget {
  fileType: string;
  entityId: number;
  pictures: boolean;
  documentType: boolean;
  urls: { list: string; remove: (fileId: number) => string; edit?: (fileId: number) => string };
}

const DEFAULT_LIST = '/back/bo/uploads/elements/{fileType}/{id}';
const DEFAULT_REMOVE = '/back/bo/uploads/elements/{fileType}/{id}/{fileId}';

/** The file domains an entity's schema declares (`x-files`), with their options. */
export function fileDomainsOf(entity: JsonSchema): Record<string, { pictures?: boolean; documentType?: boolean }> {
  return (entity['x-files'] ?? {}) as Record<string, { pictures?: boolean; documentType?: boolean }>;
}

/** `{name}` placeholders filled from `values` (URL-encoded). */
export function fillUrl(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}

/**
 * The panel's domain (its `fileType`, else the entity's only `x-files` domain) and the record's id;
 * null while the record is not saved yet, or when the domain cannot be told.
 */
export function attachmentTarget(panel: PanelConfig, entity: JsonSchema, saved: Row | null): AttachmentTarget | null {
  const domains = fileDomainsOf(entity);
  const names = Object.keys(domains);
  const fileType = panel.fileType ?? (names.length === 1 ? names[0] : undefined);
  const id = Number(saved?.[entity['x-id'] as string]);
  if (!fileType || !Number.isInteger(id) || id <= 0) return null;
  const options = domains[fileType] ?? {};
  const values = { id, fileType };
  const edit = panel.edit;
  return {
    fileType,
    entityId: id,
    pictures: panel.pictures ?? options.pictures === true,
    documentType: panel.documentType ?? options.documentType === true,
    urls: {
      list: fillUrl(panel.list ?? DEFAULT_LIST, values),
      remove: (fileId) => fillUrl(panel.remove ?? DEFAULT_REMOVE, { ...values, fileId }),
      edit: edit ? (fileId) => fillUrl(edit, { ...values, fileId }) : undefined,
    },
  };
}

/** Where a stored file is downloaded, and its pictures (spec §9 sizes: h48, 200x200, the original). */
export const fileUrls = (fileType: string, entityId: number, fileId: number, fileName: string) => {
  const name = encodeURIComponent(fileName);
  return {
    download: `/back/bo/files/${encodeURIComponent(fileType)}/${entityId}_${fileId}/`,
    thumbnail: `/back/photos/h48/${entityId}_${fileId}/${name}`,
    tile: `/back/photos/200x200/${entityId}_${fileId}/${name}`,
    original: `/back/photos/${fileId}/ORIGINAL`,
  };
};
