import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

/**
 * AG Grid takes every prop whose identity changed since the last render as a changed grid option
 * (ag-grid-react compares them with !==): a new `defaultColDef` rebuilds every column, a new
 * `rowSelection` or `rowStyle` goes over every row. The engine's grids render at each keystroke,
 * label batch and search answer, so these props must be the same objects from one render to the
 * next. Each render below is a separate mount: what stays the same across mounts is a constant.
 */
const received = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('ag-grid-react', () => ({
  AgGridReact: (props: Record<string, unknown>) => {
    received.push(props);
    return null;
  },
}));

// The line dialog (a schema form) is not what is looked at here.
vi.mock('../../engine/record/lines/LineDialog', () => ({ LineDialog: () => null }));

await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });

const { SchemaGrid } = await import('../../engine/grid/SchemaGrid');
const { LinesPanel } = await import('../../engine/record/lines/LinesPanel');
const { fieldKind } = await import('../../engine/schema/fields');

const draw = <P extends object>(component: ComponentType<P>, props: P) => {
  received.length = 0;
  renderToString(createElement(MantineProvider, null, createElement(component, props)));
  expect(received).toHaveLength(1);
  return received[0];
};

describe('the engine grids keep their grid options from one render to the next', () => {
  it('a search grid: the default column, the row style and the rows\' ids', () => {
    const schema = { type: 'string', title: 'Name' };
    const props = { columns: [{ field: 'name', schema, kind: fieldKind(schema), width: 120 }] as never, rows: [{ id: 1, name: 'One' }], idField: 'id', onRowClick: () => {} };
    const [first, second] = [draw(SchemaGrid, props), draw(SchemaGrid, props)];
    expect(second.defaultColDef).toBe(first.defaultColDef);
    expect(second.rowStyle).toBe(first.rowStyle);
  });

  it('a lines grid: the default column, the row selection and the rows\' ids', () => {
    const entity = { type: 'object', properties: { lines: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } } } };
    const props = {
      panel: { kind: 'lines', field: 'lines' },
      screen: { route: '/things/:id', type: 'record', title: 'thing' },
      config: { ui: {} },
      entity,
      record: { lines: [{ label: 'a' }] },
      view: { lines: [{ label: 'a' }] },
      saved: null,
      onChange: () => {},
      readOnly: false,
      userRoles: [],
      serverErrors: [],
      elsewhere: [],
      registerSubmit: () => () => {},
    } as never;
    const [first, second] = [draw(LinesPanel, props), draw(LinesPanel, props)];
    expect(second.defaultColDef).toBe(first.defaultColDef);
    expect(second.rowSelection).toBe(first.rowSelection);
    expect(second.getRowId).toBe(first.getRowId);
  });
});
