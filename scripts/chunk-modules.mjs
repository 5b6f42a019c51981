import { relative } from 'node:path';

/**
 * A Vite plugin writing `.vite/chunk-modules.json` beside the manifest: for each built chunk, the
 * source modules it holds (paths from the project root; packages keep their `node_modules/…`
 * path). The manifest tells which chunks a page loads; this tells what code they carry
 * (scripts/bundle-budget.mjs checks that a search page carries no form, wizard, chart, lines grid
 * or PDF code).
 * @returns {import('vite').Plugin}
 */
export function chunkModules() {
  let root = process.cwd();
  return {
    name: 'qcflow-chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const modules = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        modules[chunk.fileName] = chunk.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => relative(root, id.split('?')[0]).replaceAll('\\', '/'));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules, null, 1) });
    },
  };
}
