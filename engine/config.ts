import { api } from './api';
import type { JsonSchema } from './schema/resolve';

/**
 * What the server sends at `GET /back/schemas`: every schema already resolved
 * (`resolveSchema`), the screens, and the schema labels per language.
 */
export type ColumnConfig = string | { field: string; width?: number; hidden?: boolean; currencyField?: string };

export interface ScreenConfig {
  route: string;
  type: 'search' | 'menu' | string;
  title: string;
  description?: string;
  icon?: string;
  roles?: string[];
  entity?: string;
  search?: string;
  parent?: string;
  items?: string[];
  columns?: ColumnConfig[];
  sheet?: { mode: 'dialog' | 'page'; size?: string; ui?: string };
  menu?: { icon: string; order?: number };
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
