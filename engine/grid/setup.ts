import { CheckboxEditorModule, CustomEditorModule, DateEditorModule, ModuleRegistry, PinnedRowModule, SelectEditorModule, TextEditorModule } from 'ag-grid-community';
import { gridTheme } from './baseSetup';

/**
 * The AG Grid modules of editing grids (lines grids, engine/record/lines; the planning grid), on
 * top of those every grid has (./baseSetup.ts): typing into cells (the number cells' own editor
 * reads the screen's locale: CustomEditorModule) and the totals row.
 */
ModuleRegistry.registerModules([TextEditorModule, CustomEditorModule, DateEditorModule, SelectEditorModule, CheckboxEditorModule, PinnedRowModule]);

export { gridTheme };
