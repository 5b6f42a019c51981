/**
 * Client-side refusals before queuing (the server checks again, and checks the content): an empty file, a file over
 * the size limit, not an image where pictures are required, a type not accepted.
 */

/** Largest accepted file (bytes). */
export const MAX_UPLOAD_BYTES = 262_144_000;

export const PICTURE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** Accepted everywhere pictures are not required (the server's list, enum `uploadMimeType`). */
let acceptedMimeTypes = [
  ...PICTURE_MIME_TYPES,
  'image/webp',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'text/csv',
  'text/plain',
  'application/zip',
];

/** The configuration's list replaces the built-in one when the app has it. */
export function setAcceptedMimeTypes(types: string[]): void {
  if (types.length) acceptedMimeTypes = types;
}

export function acceptedTypes(pictures = false): string[] {
  return pictures ? PICTURE_MIME_TYPES : acceptedMimeTypes;
}

function sizeInMb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}

/** An i18n key + params per refused file, [] when all pass. */
export function refusedFiles(files: File[], options: { pictures?: boolean }): { file: File; key: string; params?: object }[] {
  const refusals: { file: File; key: string; params?: object }[] = [];
  for (const file of files) {
    const params = { name: file.name };
    if (file.size === 0) refusals.push({ file, key: 'engine.upload.refused.empty', params });
    else if (file.size > MAX_UPLOAD_BYTES) refusals.push({ file, key: 'engine.upload.refused.tooLarge', params: { ...params, limit: sizeInMb(MAX_UPLOAD_BYTES) } });
    else if (options.pictures && !PICTURE_MIME_TYPES.includes(file.type)) refusals.push({ file, key: 'engine.upload.refused.notPicture', params });
    else if (!acceptedTypes(options.pictures).includes(file.type)) refusals.push({ file, key: 'engine.upload.refused.type', params });
  }
  return refusals;
}
