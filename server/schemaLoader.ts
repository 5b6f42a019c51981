import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type { JsonSchema } from '../engine/schema/resolve';
import type { ReportTables } from '../domain/report';
import { checkSchemaFiles, formatProblem, type ConfigFiles, type Locales, type SchemaProblem } from './schemaCheck/check';
import { resolveLikeScreens } from './screenLike';
import { resolveSearchIncludes } from './searchInclude';

/**
 * The one reader of the configuration (DESIGN rule 9): every file of SCHEMAS_DIR — entities,
 * search forms, screens, uiSchemas, JSON machines, locales, enums and formats, and the reference
 * tables (AQL, report standards) — read once, then checked (server/schemaCheck). The server's
 * registry, `npm run check:schemas`, `npm run generate`, the notifications and the report rules
 * all take what they need from what this returns; nothing else reads schemas/.
 */
export type { ConfigFiles } from './schemaCheck/check';

/** The reference tables: JSON files of the folder's top that are data, not schemas (sent to the browser as they are). */
const TABLE_FILES = ['aql', 'reportStandards'] as const satisfies readonly (keyof ReportTables)[];

const LOOKUPS_FILE = 'lookups.json';

const jsonNames = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.json')).sort() : []);

/** Reads a folder's files once each, noting those that are missing or not JSON. */
class Reader {
  readonly problems: SchemaProblem[] = [];
  constructor(readonly root: string) {}

  file(relative: string): JsonSchema | undefined {
    const path = join(this.root, relative);
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      this.problems.push({ file: relative, path: '', message: existsSync(path) ? `not JSON: ${(error as Error).message}` : 'missing' });
      return undefined;
    }
  }

  /** The `.json` files of a folder by name (without `.json`), leaving out those that are not JSON. */
  folder(folder: string): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    for (const file of jsonNames(join(this.root, folder))) {
      const content = this.file(folder ? `${folder}/${file}` : file);
      if (content !== undefined) out[basename(file, '.json')] = content;
    }
    return out;
  }

  /** Labels: `<lang>.json` or `<anything>.<lang>.json` files of locales/, merged per language. */
  locales(): Locales {
    const locales: Locales = { en: {}, fr: {}, it: {} };
    for (const [name, content] of Object.entries(this.folder('locales'))) {
      const lang = name.split('.').pop() as keyof Locales;
      if (Object.hasOwn(locales, lang)) Object.assign(locales[lang], content);
    }
    return locales;
  }
}

/** Every file of the configuration under `root`, read once, and the problems of reading it (missing, not JSON). */
function readConfigFiles(root: string): { files: ConfigFiles; problems: SchemaProblem[] } {
  const reader = new Reader(root);
  const files: ConfigFiles = {
    root,
    machines: reader.folder('machines'),
    entities: reader.folder('entities'),
    // A search form's x-include takes fields of another (docs/schemas.md): every reader sees the whole form.
    search: resolveSearchIncludes(reader.folder('search'), reader.problems),
    // A screen `like` another takes its configuration (docs/schemas.md): every reader sees the whole screen.
    screens: resolveLikeScreens(reader.folder('screens'), reader.problems),
    ui: reader.folder('ui'),
    shared: Object.fromEntries(['enums.json', 'formats.json'].map((file) => [file, (reader.file(file) ?? { $defs: {} }) as ConfigFiles['shared'][string]])),
    locales: reader.locales(),
    tables: Object.fromEntries(TABLE_FILES.map((name) => [name, reader.file(`${name}.json`) ?? {}])) as unknown as ReportTables,
    // The lookups of spec §7.9 (docs/schemas.md "Lookups"); a folder without the file declares none.
    lookups: (existsSync(join(root, LOOKUPS_FILE)) ? reader.file(LOOKUPS_FILE) : undefined) ?? { lookups: {} },
  };
  return { files, problems: reader.problems };
}

/** Every problem of the configuration under `root` (none: it is sound), as `npm run check:schemas` prints them. */
export function checkSchemas(root: string, codeWorkflows?: Record<string, AnyStateMachine>): SchemaProblem[] {
  const { files, problems } = readConfigFiles(root);
  return [...problems, ...checkSchemaFiles(files, codeWorkflows)];
}

/** Refused configuration: every problem `npm run check:schemas` reports, one per line. */
export class SchemaCheckError extends Error {
  constructor(
    readonly schemasDir: string,
    readonly problems: SchemaProblem[],
  ) {
    super(`${schemasDir} has ${problems.length} problem${problems.length === 1 ? '' : 's'} (npm run check:schemas):\n${problems.map((problem) => `  ${formatProblem(problem)}`).join('\n')}`);
  }
}

/** The configuration under `root`, read once and checked: a problem refuses it with SchemaCheckError. */
export function loadConfigFiles(root: string): ConfigFiles {
  const { files, problems } = readConfigFiles(root);
  problems.push(...checkSchemaFiles(files));
  if (problems.length) throw new SchemaCheckError(root, problems);
  return files;
}
