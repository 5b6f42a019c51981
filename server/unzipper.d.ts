// unzipper (exceljs's zip library, installed with it) ships no types: the part server/imports/xlsxReader.ts uses.
declare module 'unzipper' {
  import type { Readable } from 'node:stream';

  /** A file of the archive as its central directory describes it. */
  export interface ZipEntry {
    path: string;
    type: 'File' | 'Directory';
    uncompressedSize: number;
    compressedSize: number;
    crc32: number;
    stream(password?: string): Readable;
  }

  export interface ZipDirectory {
    files: ZipEntry[];
  }

  /** Where the archive's bytes come from: its size, and a stream of its bytes from `offset` (`length` of them, or to the end). */
  export interface ZipSource {
    size(): Promise<number>;
    stream(offset: number, length?: number): Readable;
  }

  const unzipper: {
    Open: {
      custom(source: ZipSource): Promise<ZipDirectory>;
    };
  };
  export default unzipper;
}
