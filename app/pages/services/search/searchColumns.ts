import type { AppConfig, ColumnConfig } from '../../../../engine/config';
import type { JsonSchema } from '../../../../engine/schema/resolve';
import { ROW_FIELDS } from './searchRows';

/** The route the column choices are stored under (the screen's route). */
export const SEARCH_ROUTE = '/services/search';

/** Columns of the result grid, in order: service fields, then the ones the page adds. */
export const GRID_COLUMNS: ColumnConfig[] = [
  { field: 'number', width: 120 },
  { field: 'type', width: 220 },
  { field: 'serviceStep', badge: true },
  'client',
  'supplier',
  'factory',
  'serviceProvider',
  { field: 'startDate', width: 125 },
  { field: 'endDate', width: 125 },
  'serviceLevel',
  { field: ROW_FIELDS.taskLevel, badge: true },
  ROW_FIELDS.contributorAcronyms,
  'tags',
  ROW_FIELDS.poNumbers,
];

/**
 * The service schema plus the row fields the page derives from the search answer, so the
 * engine's column helpers (labels, badges, lookups, export) treat them like any field.
 */
export function gridEntity(config: AppConfig): JsonSchema {
  const entity = config.entities.service ?? { type: 'object', properties: {} };
  const taskLevel = config.enums.taskLevel ?? { type: 'string', enum: ['LOW', 'MID', 'HIGH'] };
  return {
    ...entity,
    properties: {
      ...entity.properties,
      [ROW_FIELDS.taskLevel]: { ...taskLevel, 'x-enum': 'taskLevel', title: 'serviceSearch.column.taskLevel' },
      [ROW_FIELDS.contributorAcronyms]: { type: 'string', title: 'serviceSearch.column.contributors' },
      [ROW_FIELDS.poNumbers]: { type: 'string', title: 'serviceSearch.column.poNumbers' },
    },
  };
}
