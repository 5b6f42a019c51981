import { IconFile, IconFileTypeCsv, IconFileTypeDoc, IconFileTypePdf, IconFileTypePpt, IconFileTypeTxt, IconFileTypeXls, IconFileTypeZip, IconPhoto } from '@tabler/icons-react';

/** An icon telling the kind of a file from its MIME type (the server's `mimeType`). */
export function FileTypeIcon({ mimeType, size = 28 }: { mimeType: string; size?: number }) {
  const props = { size, stroke: 1.5, 'aria-hidden': true };
  if (mimeType.startsWith('image/')) return <IconPhoto {...props} />;
  if (mimeType === 'application/pdf') return <IconFileTypePdf {...props} color="var(--mantine-color-red-7)" />;
  if (mimeType.includes('wordprocessingml') || mimeType === 'application/msword') return <IconFileTypeDoc {...props} color="var(--mantine-color-blue-7)" />;
  if (mimeType.includes('spreadsheetml') || mimeType === 'application/vnd.ms-excel') return <IconFileTypeXls {...props} color="var(--mantine-color-green-8)" />;
  if (mimeType.includes('presentationml')) return <IconFileTypePpt {...props} color="var(--mantine-color-orange-7)" />;
  if (mimeType === 'text/csv') return <IconFileTypeCsv {...props} />;
  if (mimeType === 'text/plain') return <IconFileTypeTxt {...props} />;
  if (mimeType === 'application/zip') return <IconFileTypeZip {...props} />;
  return <IconFile {...props} />;
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** 1536 → "1.5 kB", in the reader's language. */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Bytes in words ("781 bytes"): their short form reads as a typo in English ("781 byte").
  return new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}
