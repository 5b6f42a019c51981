import type { Language } from '../i18n';
import { and, eq } from '../store/query';
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

export async function defectLibrary(db: Reader, service: ServiceParties, lang: Language): Promise<LibraryDefect[]> {
  if (typeof service.client !== 'number') return [];
  const where = and(eq('companyId', service.client));
  const [families, defects] = await Promise.all([db.query<Row>({ collection: DEFECT_FAMILIES, where }), db.query<Row>({ collection: DEFECTS, where })]);
  const familyName = new Map(families.map((family) => [family.defectFamilyId, nameIn(family.names, lang)]));
  return (defects as Stored<Row>[])
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
    .sort((a, b) => a.family.localeCompare(b.family) || a.code.localeCompare(b.code));
}
