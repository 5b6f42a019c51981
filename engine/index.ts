/**
 * The generic screen engine, loaded lazily by the app as one chunk (AG Grid, RJSF and ajv
 * never load on the login page; exceljs loads only on export).
 */
import '@mantine/dates/styles.css';
import './grid/setup';

export { SearchScreen, type SearchScreenProps } from './search/SearchScreen';
export { MenuScreen, type MenuScreenProps } from './menu/MenuScreen';
export { WorkflowsScreen, type WorkflowsScreenProps } from './workflow/WorkflowsScreen';
export { WizardScreen, type WizardScreenProps } from './wizard/WizardScreen';
export { RecordScreen, type RecordScreenProps } from './record/RecordScreen';
export { FilesScreen, type FilesScreenProps } from './record/FilesScreen';
export { FilteredPanels, PanelsScreen, type PanelsScreenProps } from './charts/PanelsScreen';
export { registerPanel, type PanelProps } from './record/panels';
export { SheetScreen, type SheetScreenProps, type SheetTarget } from './sheet/SheetScreen';
export { SchemaForm, type SchemaFormProps } from './form/SchemaForm';
export { SchemaGrid, type SchemaGridProps } from './grid/SchemaGrid';
export { screenColumns, type ColumnSpec } from './grid/columns';
export { exportToExcel, type ExportTable } from './export/excel';
export { clearLookupCache } from './lookup/cache';
export { registerWidget } from './form/widgetRegistry';
