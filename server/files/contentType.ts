import { fileTypeFromBuffer } from 'file-type';
import type { FileDomainRule } from '../schemas';

/**
 * What a file really is, from its first bytes (magic numbers, library file-type), against the
 * MIME type its upload declared (files-contract: enum uploadMimeType).
 */

/** Enough of the file for every magic number file-type knows. */
export const MAGIC_SAMPLE = 4100;
/** Text files have no magic: this much of their start must be UTF-8 without NUL bytes. */
export const TEXT_SAMPLE = 65_536;

export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** Images sharp makes thumbnails of. */
export const IMAGE_TYPES = new Set<string>([...PICTURE_TYPES, 'image/webp']);

const ZIP = 'application/zip';
const OOXML = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];
/** Word 97 and Excel 97 files are OLE compound files; file-type names the container. */
const COMPOUND = ['application/x-cfb', 'application/msword', 'application/vnd.ms-excel'];
const TEXT = new Set(['text/csv', 'text/plain']);

/** Declared type → the detected types that fit it. An OOXML document is a zip, and a zip may be detected as OOXML. */
const FITTING: Record<string, readonly string[]> = {
  ...Object.fromEntries(OOXML.map((type) => [type, [ZIP, ...OOXML]])),
  [ZIP]: [ZIP, ...OOXML],
  'application/msword': COMPOUND,
  'application/vnd.ms-excel': COMPOUND,
};

/** The MIME types an upload of this domain may declare (`pictures`: JPEG, PNG and GIF only). */
export function acceptedTypes(rule: FileDomainRule, all: readonly string[]): readonly string[] {
  return rule.pictures ? PICTURE_TYPES : all;
}

function isUtf8Text(sample: Buffer, complete: boolean): boolean {
  if (sample.includes(0)) return false;
  try {
    // `stream` tolerates a character cut at the end of a sample that is not the whole file.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/**
 * A CSV as spreadsheets save it: UTF-8, UTF-16 with its byte order mark, or a one-byte code page
 * such as Windows-1252 (no NUL byte); the import reads each (server/imports/sheetReader.ts).
 */
function isCsvText(sample: Buffer, complete: boolean): boolean {
  const utf16 = (sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff);
  return utf16 || isUtf8Text(sample, complete) || !sample.includes(0);
}

/** Whether the file's start (`complete`: the whole file) is what `declared` says. */
export async function contentFits(declared: string, sample: Buffer, complete: boolean): Promise<boolean> {
  if (declared === 'text/csv') return isCsvText(sample, complete);
  if (TEXT.has(declared)) return isUtf8Text(sample, complete);
  const detected = (await fileTypeFromBuffer(sample))?.mime;
  if (!detected) return false;
  return (FITTING[declared] ?? [declared]).includes(detected);
}
