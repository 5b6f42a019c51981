import type { Language } from '../i18n';
import { and, eq, or, type Condition } from '../store/query';
import type { Reader, Row, Stored } from '../store/types';
import type { ServiceParties } from '../services/access';

/**
 * The defect library a report picks from: the client's (the brand defines what a defect is for
 * its products). Names are stored per language; the caller's is shown, English otherwise.
 */
export const DEFECT_FAMILIES = 'defectFamilies';
export const DEFECTS = 'defects';

type Names = { en: string; fr?: string; it?: string };
export const nameIn = (names: unknown, lang: Language): string => {
  const all = (names ?? {}) as Names;
  return all[lang] || all.en || '';
};

export interface LibraryDefect {
  defectId: number;
  defectFamilyId: number;
  family: string;
  code: string;
  category: string;
  defaultSeverity: string;
  localizedName: string;
  localizedNameWithCode: string;
}

/**
 * Which defects a service's report may name: its universe's library and the client's own
 * (CUSTOM_DEFECT), read from the store on every call — an admin's new defect is offered at once.
 * `archived: 'leave'` (the picker, the check of new lines) leaves archived defects and families
 * out; `'keep'` (names of lines already written: read-back, PDF) keeps them.
 */
function libraryScope(service: ServiceParties & { universeId?: unknown }, archived: 'leave' | 'keep'): Condition {
  const universe = typeof service.universeId === 'number' ? service.universeId : -1;
  const client = typeof service.client === 'number' ? service.client : -1;
  return and(eq('universeId', universe), or(eq('companyId', null), eq('companyId', client)), archived === 'leave' && { op: 'not', condition: eq('archived', true) });
}

export async function defectLibrary(db: Reader, service: ServiceParties & { universeId?: unknown }, lang: Language, archived: 'leave' | 'keep' = 'leave'): Promise<LibraryDefect[]> {
  if (typeof service.client !== 'number') return [];
  const where = libraryScope(service, archived);
  const [families, defects] = await Promise.all([db.query<Row>({ collection: DEFECT_FAMILIES, where }), db.query<Row>({ collection: DEFECTS, where })]);
  const familyName = new Map(families.map((family) => [family.defectFamilyId, nameIn(family.names, lang)]));
  // Families in the admin's order (`order`, set by dragging the families pane), then by name; defects by code.
  const rank = new Map(families.map((family) => [family.defectFamilyId, typeof family.order === 'number' ? family.order : Number.MAX_SAFE_INTEGER]));
  return (defects as Stored<Row>[])
    // A defect of an archived family leaves the picker with it.
    .filter((defect) => familyName.has(defect.defectFamilyId))
    .map((defect) => {
      const name = nameIn(defect.names, lang);
      return {
        defectId: defect.defectId as number,
        defectFamilyId: defect.defectFamilyId as number,
        family: familyName.get(defect.defectFamilyId) ?? '',
        code: String(defect.code),
        category: String(defect.category),
        defaultSeverity: String(defect.defaultSeverity ?? 'MAJOR'),
        localizedName: name,
        localizedNameWithCode: `${String(defect.code)} · ${name}`,
      };
    })
    .sort((a, b) => rank.get(a.defectFamilyId)! - rank.get(b.defectFamilyId)! || a.family.localeCompare(b.family) || a.code.localeCompare(b.code));
}

/** The ids a report may name: the library's, and those its stored lines already name (archived since). */
export async function usableDefectIds(db: Reader, service: ServiceParties & { universeId?: unknown }, stored: Row | undefined): Promise<Set<unknown>> {
  const named = ['defects', 'inspectedPieces'].flatMap((field) => ((stored?.[field] as Row[] | undefined) ?? []).map((line) => line.defectId));
  const library = (await defectLibrary(db, service, 'en')).map((defect) => defect.defectId);
  return new Set([...library, ...named]);
}
