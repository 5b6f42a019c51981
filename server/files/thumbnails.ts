import sharp from 'sharp';
import type { FileStorage } from './storage';
import { exists } from './storage';

/**
 * Picture sizes of spec §9 (profile 48x48, company 150x150, previews 160x160, gallery 200x200,
 * thumbnail height 48), made once per content with sharp, as JPEG.
 */
export const RESOLUTIONS = ['48x48', '150x150', '160x160', '200x200', 'h48'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export const isResolution = (value: string): value is Resolution => (RESOLUTIONS as readonly string[]).includes(value);

function resize(resolution: Resolution) {
  if (resolution === 'h48') return { height: 48 };
  const side = Number(resolution.split('x')[0]);
  return { width: side, height: side, fit: 'cover' as const };
}

/** Larger images are refused (a small file may declare huge dimensions): 64 megapixels, above a 48 MP camera's. */
const MAX_PIXELS = 64_000_000;

/** One thumbnail: oriented by its EXIF tag, resized, transparency on white. */
export const thumbnail = (source: string, resolution: Resolution) =>
  sharp(source, { animated: false, limitInputPixels: MAX_PIXELS }).rotate().resize(resize(resolution)).flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer();

/**
 * Every thumbnail of an image (from `source`: the finished partial file, before it becomes the
 * blob) unless they already exist for this content. Fails when sharp cannot read the image.
 */
export async function makeThumbnails(storage: FileStorage, hash: string, source: string): Promise<void> {
  const present = await Promise.all(RESOLUTIONS.map((resolution) => exists(storage.thumbPath(hash, resolution))));
  if (present.every(Boolean)) return;
  // One size after the other: sharp decodes on its own threads, the request waits for all.
  for (const resolution of RESOLUTIONS) await storage.writeAtomically(storage.thumbPath(hash, resolution), await thumbnail(source, resolution));
}

/** A thumbnail missing on disk (a FILES_DIR restored without them) is made again from the blob. */
export async function thumbnailPath(storage: FileStorage, hash: string, resolution: Resolution): Promise<string> {
  const path = storage.thumbPath(hash, resolution);
  if (!(await exists(path))) await storage.writeAtomically(path, await thumbnail(storage.blobPath(hash), resolution));
  return path;
}
