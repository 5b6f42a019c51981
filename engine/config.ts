import { api } from './api';
import type { RoleRule } from './schema/roles';
import type { JsonSchema } from './schema/resolve';

/**
 * What the server sends at `GET /back/schemas`: every schema already resolved
 * (`resolveSchema`), the screens, and the schema labels per language.
 */
export type ColumnConfig =
  | string
  | { field: string; width?: number; flex?: number; hidden?: boolean; currencyField?: string; badge?: boolean };

/**
 * A button on each grid row (docs/schemas.md "Row actions"): one call to the server, with the
 * row's fields in the url (`{field}`), shown to some roles and for some rows only.
 */
export interface RowActionConfig {
  name: string;
  /** i18n key of the tooltip and accessible name. */
  label: string;
  icon?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Shown only to users the role rule allows (engine/schema/roles.ts). */
  roles?: RoleRule[];
  /** Shown only for rows matching every condition: a value (equal), or `{ "empty": false }`. */
  when?: Record<string, unknown>;
  /** i18n key of a question asked first (row fields are its `{{values}}`). */
  confirm?: string;
  /** i18n key of the success snackbar. */
  success?: string;
  /** After success: `refresh` the list, `reloadProfile` (re-read the session), or a route to open. */
  then?: 'refresh' | 'reloadProfile' | string;
  /** A destructive action: red icon and confirm button. */
  danger?: boolean;
}

export interface SheetConfig {
  mode: 'dialog' | 'page';
  size?: string;
  ui?: string;
  /** `false`: the sheet only creates (rows do not open it; it closes after a create). */
  edit?: boolean;
  /** Fields of the create answer shown once in a dialog (secrets the server never sends again). */
  showAfterCreate?: string[];
  /** Labels of the Delete button when it does something milder (archive, revoke): i18n keys. */
  delete?: { label?: string; title?: string; confirm?: string; success?: string; refused?: string };
}

export interface ScreenConfig {
  route: string;
  type: 'search' | 'menu' | 'page' | 'workflows';
  title: string;
  description?: string;
  icon?: string;
  roles?: RoleRule[];
  entity?: string;
  search?: string;
  parent?: string;
  items?: string[];
  columns?: ColumnConfig[];
  sheet?: SheetConfig;
  rowActions?: RowActionConfig[];
  menu?: { icon: string; order?: number };
  /** type "page": the name of a hand-written app page rendered at this route. */
  page?: string;
}

export interface AppConfig {
  entities: Record<string, JsonSchema>;
  search: Record<string, JsonSchema>;
  ui: Record<string, JsonSchema>;
  screens: ScreenConfig[];
  enums: Record<string, JsonSchema>;
  locales: Record<'en' | 'fr' | 'it', Record<string, string>>;
}

export function loadConfig(): Promise<AppConfig> {
  return api.get<AppConfig>('/back/schemas', { quiet: true });
}

export function columnField(column: ColumnConfig): string {
  return typeof column === 'string' ? column : column.field;
}
