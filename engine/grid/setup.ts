import {
  CellStyleModule,
  CheckboxEditorModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  DateEditorModule,
  LocaleModule,
  ModuleRegistry,
  PinnedRowModule,
  RenderApiModule,
  RowSelectionModule,
  RowStyleModule,
  SelectEditorModule,
  TextEditorModule,
  themeQuartz,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';

/**
 * AG Grid modules the engine uses, registered once. Only these (STACK.md: registering
 * everything costs ~90 kB gzip); sorting, resizing and moving columns are in the core.
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
  TextEditorModule, // lines grids (engine/record/lines): typing into cells
  DateEditorModule,
  SelectEditorModule,
  CheckboxEditorModule,
  RowSelectionModule, // lines grids: selecting lines to remove, link or unlink
  PinnedRowModule, // lines grids: the totals row
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
