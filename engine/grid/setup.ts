import { CheckboxEditorModule, DateEditorModule, ModuleRegistry, PinnedRowModule, SelectEditorModule, TextEditorModule } from 'ag-grid-community';
import { gridTheme } from './baseSetup';

/**
 * The AG Grid modules of editing grids (lines grids, engine/record/lines; the planning grid), on
 * top of those every grid has (./baseSetup.ts): typing into cells and the totals row.
 */
ModuleRegistry.registerModules([TextEditorModule, DateEditorModule, SelectEditorModule, CheckboxEditorModule, PinnedRowModule]);

export { gridTheme };
