import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text formats. Images, fonts (woff2) and archives are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map|xml|webmanifest|ico|ttf|wasm)$/i;
/** Below this size the encoding headers cost about what compression saves. */
const MIN_SIZE = 1024;

/** @param {string} dir @returns {Promise<string[]>} */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])));
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) beside every compressible
 * file of a built folder, so the server sends them as they are, with no compression per request.
 * A variant that would not be smaller is not written. Returns how many files were compressed.
 * @param {string} dir
 * @returns {Promise<number>}
 */
export async function precompressDir(dir) {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file) && !file.includes(`${join(dir, '.vite')}`));
  let done = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_SIZE) return;
      const source = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
        gzipAsync(source, { level: 9 }),
      ]);
      if (br.length < source.length) await writeFile(`${file}.br`, br);
      if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
      done += 1;
    }),
  );
  return done;
}

/**
 * Vite plugin: precompress the build's output once it is written.
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'qcflow-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
