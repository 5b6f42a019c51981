import type { TFunction } from 'i18next';
import { columnField, type ScreenConfig } from '../config';
import { humanize, titleText } from '../i18n';
import { colorsOf } from '../format/colors';
import { enumOf, fieldKind, propertiesOf, type FieldKind } from '../schema/fields';
import type { JsonSchema } from '../schema/resolve';

/** A grid column as the screen describes it, with the entity property behind it. */
export interface ColumnSpec {
  field: string;
  /** i18n key of the header. */
  title: string;
  width?: number;
  /** Share of the free width (columns without a width share it; default 1, long texts 2). */
  flex?: number;
  hidden: boolean;
  currencyField?: string;
  schema: JsonSchema;
  kind: FieldKind;
  /** Shown as a coloured badge (the workflow status, or an enum whose schema gives colours: `x-colors`). */
  badge: boolean;
}

/** How many columns to show when a screen lists none. */
const DEFAULT_COLUMN_COUNT = 8;
const hiddenKinds: FieldKind[] = ['object', 'objectList', 'list'];

export function isBadge(entity: JsonSchema, field: string, prop: JsonSchema): boolean {
  const values = enumOf(prop)?.values;
  if (!values || prop.type === 'array') return false;
  return entity['x-status'] === field || colorsOf(prop) !== undefined;
}

export function screenColumns(screen: ScreenConfig, entity: JsonSchema): ColumnSpec[] {
  const props = propertiesOf(entity);
  const configured = screen.columns ?? Object.keys(props).filter((f) => !hiddenKinds.includes(fieldKind(props[f]))).slice(0, DEFAULT_COLUMN_COUNT);
  return configured
    .map((column) => {
      const field = columnField(column);
      const options: Exclude<typeof column, string> = typeof column === 'string' ? { field } : column;
      const schema = props[field] ?? { type: 'string' };
      return {
        field,
        title: schema.title ?? field,
        width: options.width,
        flex: options.flex,
        hidden: options.hidden ?? false,
        currencyField: options.currencyField,
        schema,
        kind: fieldKind(schema),
        badge: options.badge ?? isBadge(entity, field, schema),
      };
    });
}

export function headerText(column: ColumnSpec, ctx: { t: TFunction }): string {
  return titleText(ctx.t, column.title, humanize(column.field));
}

/** The user's column choice for a screen: order and visibility. */
export interface ColumnPref {
  field: string;
  hidden: boolean;
}

/**
 * Apply stored preferences: their order and visibility first, then columns the screen added
 * since (with their default visibility). Preferences for removed columns are dropped.
 */
export function applyColumnPrefs(columns: ColumnSpec[], prefs: ColumnPref[] | null | undefined): ColumnSpec[] {
  if (!prefs?.length) return columns;
  const byField = new Map(columns.map((c) => [c.field, c]));
  const ordered = prefs.filter((p) => byField.has(p.field)).map((p) => ({ ...byField.get(p.field)!, hidden: p.hidden }));
  const known = new Set(ordered.map((c) => c.field));
  const applied = [...ordered, ...columns.filter((c) => !known.has(c.field))];
  return applied.some((c) => !c.hidden) ? applied : columns;
}

export function toPrefs(columns: ColumnSpec[]): ColumnPref[] {
  return columns.map(({ field, hidden }) => ({ field, hidden }));
}

/** Spec §5.4/§8: at least one column must stay visible. Returns the i18n key of the problem. */
export function checkColumnPrefs(prefs: ColumnPref[]): string | null {
  return prefs.some((p) => !p.hidden) ? null : 'engine.columns.atLeastOne';
}

export function moveColumn<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

const storageKey = (route: string) => `qcflow.columns.${route}`;

export function loadColumnPrefs(route: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ColumnPref[] | null {
  try {
    const raw = storage?.getItem(storageKey(route));
    const parsed = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? parsed.filter((p) => p && typeof p.field === 'string').map((p) => ({ field: p.field, hidden: !!p.hidden })) : null;
  } catch {
    return null;
  }
}

export function saveColumnPrefs(route: string, prefs: ColumnPref[] | null, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    if (prefs) storage?.setItem(storageKey(route), JSON.stringify(prefs));
    else storage?.removeItem(storageKey(route));
  } catch {
    // Private browsing or a full storage: the choice simply lasts for this page.
  }
}
