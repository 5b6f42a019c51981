/**
 * `npm run generate`: TypeScript types, OpenAPI document, machine diagrams and the e-mail layouts
 * under generated/, from schemas/, machines/ and server/mailTemplates.ts. `--check` writes nothing and exits 1 listing stale files.
 */
import { join } from 'node:path';
import { generateAll, staleFiles, writeGenerated } from './generate/outputs';

const root = process.cwd();
const outDir = join(root, 'generated');
const started = performance.now();
const files = await generateAll(root);
const took = `${Math.round(performance.now() - started)} ms`;

if (process.argv.includes('--check')) {
  const stale = staleFiles(files, outDir);
  if (stale.length) {
    console.error(`generated/ is stale; run \`npm run generate\`:\n${stale.map((file) => `  generated/${file}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`generated/ is up to date (${Object.keys(files).length} files, ${took})`);
} else {
  const touched = writeGenerated(files, outDir);
  console.log(`generated/: ${Object.keys(files).length} files, ${touched.length} changed (${took})`);
  for (const file of touched) console.log(`  generated/${file}`);
}
