import { describe, expect, it } from 'vitest';
import { boardColumns } from '../../engine/charts/board';
import { actionBody } from '../../engine/search/rowActions';

/** The board panel's columns and the row actions' bodies (docs/schemas.md "Boards of cards"). */
const rows = [
  { taskId: 1, level: 'LOW', version: 2 },
  { taskId: 2, level: 'HIGH', version: 1 },
  { taskId: 3, level: 'LOW', version: 5 },
  { taskId: 4, level: 'URGENT', version: 1 },
];

describe('board columns', () => {
  it('one column per configured group, in its order, with the rows of its value in the answer order; other values are left out', () => {
    const columns = boardColumns(rows, 'level', [{ value: 'HIGH', color: 'red' }, { value: 'MID', label: 'enum.taskLevel.MID' }, { value: 'LOW', color: 'teal' }]);
    expect(columns.map((column) => [column.value, column.color, column.label, column.rows.map((row) => row.taskId)])).toEqual([
      ['HIGH', 'red', undefined, [2]],
      ['MID', 'gray', 'enum.taskLevel.MID', []],
      ['LOW', 'teal', undefined, [1, 3]],
    ]);
  });

  it('without groups, one column of every row', () => {
    expect(boardColumns(rows, undefined, undefined)).toEqual([{ value: '', color: 'gray', rows }]);
    expect(boardColumns(rows, 'level', [])[0].rows).toHaveLength(4);
  });
});

describe('row action body', () => {
  it('a whole placeholder keeps the row value as is, others are filled in text, nested objects alike; no template, no body', () => {
    const row = { taskId: 7, version: 3, number: 'S-000007', note: null };
    expect(actionBody({ version: '{version}', status: 'DONE', text: 'done on {number}', nested: { id: '{taskId}' }, missing: '{note}', list: [1] }, row)).toEqual({
      version: 3,
      status: 'DONE',
      text: 'done on S-000007',
      nested: { id: 7 },
      missing: null,
      list: [1],
    });
    expect(actionBody(undefined, row)).toBeUndefined();
  });
});
