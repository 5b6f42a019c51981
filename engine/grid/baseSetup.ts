import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  LocaleModule,
  ModuleRegistry,
  RenderApiModule,
  RowSelectionModule,
  RowStyleModule,
  themeQuartz,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';

/**
 * AG Grid modules every grid of the engine uses (search results, related records), registered
 * once. Only these (STACK.md: registering everything costs ~90 kB gzip); sorting, resizing and
 * moving columns are in the core. Editing grids add theirs (./setup.ts), so a search page never
 * downloads the cell editors.
 */
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  ClientSideRowModelApiModule, // rows in displayed order, for the Excel export
  ColumnApiModule, // displayed columns, for the Excel export
  RenderApiModule, // refresh cells when lookup labels arrive
  TooltipModule, // full text of truncated cells
  LocaleModule, // translated grid texts
  RowStyleModule, // pointer cursor on clickable rows
  CellStyleModule, // right-aligned numbers, cells in error
  RowSelectionModule, // selection actions of a search, lines to remove, link or unlink
  ...(import.meta.env?.DEV ? [ValidationModule] : []),
]);

/** AG Grid's Quartz theme dressed in the Mantine theme (CSS variables, so light/dark follow). */
export const gridTheme = themeQuartz.withParams({
  fontFamily: 'var(--mantine-font-family)',
  fontSize: 14,
  headerFontSize: 13,
  headerFontWeight: 600,
  foregroundColor: 'var(--mantine-color-text)',
  backgroundColor: 'var(--mantine-color-body)',
  accentColor: 'var(--mantine-primary-color-filled)',
  borderColor: 'var(--mantine-color-default-border)',
  headerBackgroundColor: 'var(--mantine-color-default-hover)',
  headerTextColor: 'var(--mantine-color-dimmed)',
  rowHoverColor: 'var(--mantine-primary-color-light)',
  oddRowBackgroundColor: 'transparent',
  wrapperBorderRadius: 8,
  borderRadius: 4,
  spacing: 6,
  rowHeight: 42,
  headerHeight: 40,
  cellHorizontalPadding: 12,
});
