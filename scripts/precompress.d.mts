import type { Plugin } from 'vite';

/** Writes `.br` and `.gz` twins of the compressible files of a built folder; returns how many files were compressed. */
export function precompressDir(dir: string): Promise<number>;
/** Vite plugin: precompress the build's output once it is written. */
export function precompress(): Plugin;
