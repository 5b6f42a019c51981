import type { BoardGroupConfig } from '../config';

type Row = Record<string, unknown>;

export interface BoardColumn {
  value: string;
  label?: string;
  color: string;
  rows: Row[];
}

/**
 * A board's columns (docs/schemas.md "Boards of cards"): one per configured group, in its order,
 * holding the rows whose `groupBy` field has its value (in the answer's order); rows of no
 * configured group are left out. Pure: tests/unit/engine-board.test.ts.
 */
export function boardColumns(rows: Row[], groupBy: string | undefined, groups: BoardGroupConfig[] | undefined): BoardColumn[] {
  if (!groupBy || !groups?.length) return [{ value: '', color: 'gray', rows }];
  return groups.map((group) => ({
    value: group.value,
    label: group.label,
    color: group.color ?? 'gray',
    rows: rows.filter((row) => String(row[groupBy] ?? '') === group.value),
  }));
}
