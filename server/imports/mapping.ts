import { normalize } from '../text';
import type { Registry } from '../schemas';
import { and, eq } from '../store/query';
import type { Reader, Row, Stored, Writer } from '../store/types';
import type { MappedColumn } from './cells';
import { MAPPINGS, type ImportKindDef } from './kinds';

/**
 * The mapping of a document's columns to target fields (spec §5.5, docs/imports.md "Mapping"):
 * proposed from the header texts (a target's field name or its label in en, fr or it), or as the
 * company last left it for that header text (remembered per company and kind). A target changed
 * by hand is not ready until confirmed: a PATCH repeating a column's current target confirms it.
 */
export interface MappingRow extends MappedColumn {
  ready: boolean;
}

interface Remembered extends Row {
  importMappingId: number;
  companyId: number;
  kind: string;
  columns: { source: string; target: string | null; ready: boolean }[];
}

const key = (text: string) => normalize(text).replace(/[^A-Z0-9]/g, '');

/** Every name a header may use for a target: its id, its field name, its labels. */
function synonyms(registry: Registry, target: string): string[] {
  const field = target.split('.')[1];
  return [target, field, ...Object.values(registry.locales).map((texts) => texts?.[target]).filter((text): text is string => !!text)].map(key);
}

export async function rememberedOf(db: Reader, companyId: number, kind: string): Promise<Stored<Remembered> | undefined> {
  return (await db.query<Remembered>({ collection: MAPPINGS, where: and(eq('companyId', companyId), eq('kind', kind)), limit: 1 }))[0];
}

/** The mapping of these headers: remembered where the company set one, else proposed; a target once per document. */
export function mappingOf(registry: Registry, def: ImportKindDef, headers: readonly string[], remembered: Remembered | undefined): MappingRow[] {
  const used = new Set<string>();
  const known = new Map((remembered?.columns ?? []).map((entry) => [entry.source, entry]));
  const rows = headers.map((source, column): MappingRow => {
    const entry = known.get(source);
    if (entry && (entry.target === null || def.targets.some((target) => target.target === entry.target))) {
      if (entry.target) used.add(entry.target);
      return { column, source, target: entry.target, ready: entry.ready };
    }
    return { column, source, target: null, ready: true };
  });
  for (const row of rows) {
    if (known.has(row.source)) continue;
    const match = def.targets.find(({ target }) => !used.has(target) && synonyms(registry, target).includes(key(row.source)));
    if (match) {
      row.target = match.target;
      used.add(match.target);
    }
  }
  return rows;
}

/** Keeps the company's mapping of these headers (the other headers it remembers stay). */
export async function remember(tx: Writer, companyId: number, universeId: number, kind: string, rows: readonly MappingRow[]): Promise<void> {
  const current = await rememberedOf(tx, companyId, kind);
  const bySource = new Map((current?.columns ?? []).map((entry) => [entry.source, entry]));
  for (const { source, target, ready } of rows) bySource.set(source, { source, target, ready });
  const columns = [...bySource.values()].slice(-500);
  if (current) await tx.update<Remembered>(MAPPINGS, current.importMappingId, (stored) => ({ ...stored, columns }));
  else await tx.insert(MAPPINGS, 'importMappingId', { companyId, kind, columns, universeId });
}
