/** A pasted picture has no name: it gets one from its type and the time. */
function named(blob: Blob, index: number): File {
  const extension = blob.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin';
  const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
  return new File([blob], `pasted-${stamp}${index ? `-${index + 1}` : ''}.${extension}`, { type: blob.type });
}

/**
 * The files on the clipboard (`navigator.clipboard.read`, pictures mostly); null when the browser
 * does not let the page read it (unsupported, or permission refused).
 */
export async function clipboardFiles(): Promise<File[] | null> {
  if (!navigator.clipboard?.read) return null;
  try {
    const items = await navigator.clipboard.read();
    const blobs = await Promise.all(
      items.flatMap((item) => item.types.filter((type) => !type.startsWith('text/')).slice(0, 1).map((type) => item.getType(type))),
    );
    return blobs.map(named);
  } catch {
    return null;
  }
}

/** The files of a paste event (Ctrl+V in the panel). */
export function pastedFiles(event: { clipboardData: DataTransfer | null }): File[] {
  return Array.from(event.clipboardData?.files ?? []).map((file, index) => (file.name && file.name !== 'image.png' ? file : named(file, index)));
}
