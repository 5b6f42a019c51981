import { api } from './api';
import type { ThroughConfig } from './charts/through';
import type { RoleRule } from './schema/roles';
import type { JsonSchema } from './schema/resolve';
import type { ChartType, SeriesConfig, ValueFormat } from './charts/chartData';
import type { MachineConfig } from './workflow/configMachine';

/**
 * What the server sends at `GET /back/schemas`: every schema already resolved
 * (`resolveSchema`), the screens, and the schema labels per language.
 */
export type ColumnConfig =
  | string
  | {
      field: string;
      width?: number;
      flex?: number;
      hidden?: boolean;
      currencyField?: string;
      badge?: boolean;
      /** dataTable: i18n key of the heading (rows of a call are no entity's: nothing names them). */
      label?: string;
      /** dataTable: how the value reads (engine/charts/chartData.ts VALUE_FORMATS). */
      format?: ValueFormat;
      /** dataTable: the enum (schemas/enums.json) whose labels the values take. */
      enum?: string;
      /** dataTable: a badge's colour per value (theme colours); default: the `x-colors` of its `enum`. */
      colors?: Record<string, string>;
      /** dataTable: the cell links to this route, a template filled with the row's fields (`/items/{itemId}`). */
      to?: string;
      /** figures: the card's accent (a theme colour, `teal.6`). */
      color?: string;
      /** Read-only lines: fields shown small under the value (a line's colour and size under its designation). */
      under?: string[];
      /** Read-only lines: i18n key of the text shown when the value is empty (a default the server applies). */
      empty?: string;
      /** Read-only lines: the field ending a range the value starts (`start → end`; the end left out when empty or equal). */
      until?: string;
      /** Read-only lines: i18n key of a sentence showing the value, its placeholders the line's fields as they read (`{{answeredAt}}`). */
      text?: string;
      /** Read-only lines: an object field shown as one column per property of its schema that a line fills (engine/record/lines/spreadColumns.ts). */
      spread?: boolean;
    };

/**
 * A button on each grid row (docs/schemas.md "Row actions"): one call to the server, with the
 * row's fields in the url (`{field}`), shown to some roles and for some rows only.
 */
export interface RowActionConfig {
  name: string;
  /** i18n key of the tooltip and accessible name. */
  label: string;
  icon?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The call (a template of the row's fields); an action has a `url` or a `to`. */
  url?: string;
  /** Read-only lines: a route the action opens as a link (a template of the line's and the record's fields). */
  to?: string;
  /** Shown only to users the role rule allows (engine/schema/roles.ts). */
  roles?: RoleRule[];
  /** Shown only for rows matching every condition: a value (equal), or `{ "empty": false }`. */
  when?: Record<string, unknown>;
  /** Read-only lines: shown on the first row of each value of this field only (once per order). */
  once?: string;
  /** i18n key of a question asked first (row fields are its `{{values}}`). */
  confirm?: string;
  /** i18n key of the question's title (default: the label). */
  confirmTitle?: string;
  /** i18n key of the success snackbar (its values: the row's fields, then the answer's when it is an object). */
  success?: string;
  /** i18n key of the error snackbar when the call fails, followed by the server's reason (instead of the app's message). */
  failure?: string;
  /** After success: `refresh` the list, `reloadProfile` (re-read the session), or a route to open. */
  then?: 'refresh' | 'reloadProfile' | string;
  /** A destructive action: red icon and confirm button. */
  danger?: boolean;
  /** A JSON body sent with the call: string values `{field}` take the row's value as is (a number stays a number). */
  body?: Record<string, unknown>;
  /** Search screens: the row joins the screen's `side` list (no call). */
  addToSide?: boolean;
  /** Fields asked in a dialog first; their values are sent as the body, `body` beside them (docs/schemas.md "Action forms"). */
  form?: ActionFormConfig;
  /** Shown only when the caller may add to the record (a panel's `writable`: the page's write right). */
  writable?: boolean;
  /** Read-only lines: a panel button opening the dialog the app registered under this name (`registerRecordDialog`), no call. */
  dialog?: string;
  /** A panel button's colour and Mantine variant (default: filled, red when `danger`). */
  color?: string;
  variant?: 'filled' | 'light' | 'default' | 'outline' | 'subtle';
}

/**
 * The dialog form of an action: fields of an entity (a dotted path reaches into an object and the
 * field is named by its last part), the form's own `schema` properties, values filled from the row,
 * and options of fields read from calls.
 */
export interface ActionFormConfig {
  /** The entity whose properties `fields` names; `{ field, name }` sends a property under another name. */
  entity?: string;
  fields?: (string | { field: string; name: string })[];
  /** More fields, as JSON Schema properties (a list of contacts no entity stores). */
  schema?: Record<string, JsonSchema>;
  required?: string[];
  /** uiSchema of the form (schemas/ui). */
  ui?: string;
  /** i18n keys: the dialog's title (default the action's label; the row's fields are its values), a notice over the fields, the send button (default the label). */
  title?: string;
  notice?: string;
  submit?: string;
  /** The values it opens with: field → template of the row's fields (`"{version}"`, `["{ownerId}"]`). */
  values?: Record<string, unknown>;
  /** Options of fields from calls answering `[{ value, label, disabled? }]`, given to the field's widget as `ui:options.choices`. */
  choices?: Record<string, { url: string; query?: Record<string, string | string[]> }>;
  /** Placeholders of the success message taken from the form's values, as they read (an enum's label): placeholder → field. */
  successValues?: Record<string, string>;
}

export interface SheetConfig {
  mode: 'dialog' | 'page';
  size?: string;
  ui?: string;
  /** `false`: the sheet only creates (rows do not open it; it closes after a create). */
  edit?: boolean;
  /** Fields of the create answer shown once in a dialog (secrets the server never sends again). */
  showAfterCreate?: string[];
  /** Labels of the Delete button when it does something milder (archive, revoke): i18n keys. */
  delete?: { label?: string; title?: string; confirm?: string; success?: string; refused?: string };
  /** Panels shown under the form of a saved record (docs/schemas.md "Panels on a sheet"). */
  panels?: PanelConfig[];
}

/**
 * One panel of a record page (docs/schemas.md "Record pages"): `kind` picks its renderer in the
 * panel registry (engine/record/panels.ts); the other keys are that kind's options.
 */
/**
 * A button of a form panel that fills some fields from a call on others (a place's coordinates from its
 * address): `GET url` with `params` (query parameter → field, empty ones left out), enabled while the form
 * is editable and every `requires` field is filled; `sets` the answer's fields (answer field → record field).
 */
export interface ComputeConfig {
  /** i18n key of the button. */
  label: string;
  icon?: string;
  url: string;
  params: Record<string, string>;
  requires: string[];
  sets: Record<string, string>;
  /** Its `data-testid`. */
  name?: string;
}

export interface PanelConfig {
  kind: 'form' | 'lines' | 'custom' | string;
  /** i18n key of the panel's heading. */
  title?: string;
  /** The panel's name: its `data-testid`, a stable hook for tests and help pages. */
  name?: string;
  /** Shown only when the record matches every condition (row-action `when`: a value, or `{ "empty": false }`). */
  when?: Record<string, unknown>;
  /** stack: panels drawn one under the other in this panel's column. */
  panels?: PanelConfig[];
  /** lines: a read-only table (no grid editing), with `rowActions` on its rows. */
  readOnly?: boolean;
  /** lines (read-only), related: buttons and links on each row. */
  rowActions?: RowActionConfig[];
  /** lines (read-only), dataTable: i18n key of the text when there is no row. */
  empty?: string;
  /** lines (read-only), attachments: buttons beside the title acting on the record (a call, a link, a form or a registered dialog). */
  buttons?: RowActionConfig[];
  /** lines (read-only): `cards` draws each line as a card (a narrow column), else a table. */
  layout?: 'table' | 'cards';
  /** lines (read-only): the test id of each line (the panel's own is its `name`). */
  rowTestId?: string;
  /** lines (read-only): lines matching `when` are drawn in that colour's light tint. */
  highlight?: { when: RecordCondition; color: string };
  /** lines (read-only): texts shown on the lines matching their `when` (beside their actions). */
  rowNotes?: { label: string; when?: RecordCondition; color?: string }[];
  /** lines (read-only) of a `list`: fields the templates take from the record even where a line has its own (`version`). */
  fromRecord?: string[];
  /** fieldsCard: label-value columns on a wide screen (default 3). */
  cols?: number;
  /** notes: the call adding a note (POST `{ text }`), a template of the record's fields. */
  create?: string;
  /** notes: who may edit (`edit`) and delete (`remove`) a note: `author`, or a record field that is true for the caller (`owner`). */
  editWhen?: string[];
  removeWhen?: string[];
  /** notes, history: which field of a row holds what is shown (docs/schemas.md "Notes and history panels"). */
  rowFields?: RowFieldsConfig;
  /** form: the uiSchema (schemas/ui) of the fields shown; lines: of the line dialog. */
  ui?: string;
  /** form: only these fields (default: every field no other panel of the page shows). */
  fields?: string[];
  /** form: fields this form requires besides the entity's `required` (a section's own mandatory fields). */
  required?: string[];
  /** form: buttons filling fields from a call on other fields (docs/schemas.md "Fields computed by a call"). */
  computes?: ComputeConfig[];
  /** lines: the array property of the record holding the lines. */
  field?: string;
  /** lines: the grid's columns (properties of a line). */
  columns?: ColumnConfig[];
  /** lines: columns summed in a totals row. */
  totals?: string[];
  /** lines: fields a line needs before its other fields can be edited. */
  requiredFirst?: string[];
  /** lines: the lines are given (no add, no remove); their cells are still typed into. */
  fixed?: boolean;
  /** lines: actions on the selected lines (docs/schemas.md "Lines grid: selection actions"). */
  selectionActions?: SelectionActionConfig[];
  /** related: the other entity listed, and its search parameters taken from this record (`{ "owner": "ownerId" }`). */
  entity?: string;
  params?: Record<string, string>;
  /** custom: the name a component was registered with (`registerPanel`). */
  component?: string;
  /** attachments: the file domain (default: the entity's only `x-files` domain). */
  fileType?: string;
  /** attachments: a grid of 200x200 pictures opening a lightbox instead of a table. */
  gallery?: boolean;
  /** attachments: each upload names a document type (default: the domain's `x-files` option). */
  documentType?: boolean;
  /** attachments: pictures only (jpeg, png, gif; default: the domain's `x-files` option). */
  pictures?: boolean;
  /** attachments: `false` takes one file at a time (several dropped at once are ignored). */
  multiple?: boolean;
  /** attachments: who may add, edit and delete files, as the server's rule (default: whoever may change the record). */
  writeRoles?: RoleRule[];
  /**
   * attachments: URL templates ({id}, {fileType}, {fileId}) listing, editing (PATCH) and deleting the files.
   * notes, history: templates of the record's and the row's fields listing the rows, editing a note
   * (PUT `{ <id>, text, version }`) and deleting one (DELETE).
   * lines (read-only): the call answering the rows instead of a `field` of the record (a related list).
   */
  list?: string;
  edit?: string;
  remove?: string;
  /** chart, dataTable: the call answering the data, a template of the record's fields, `{id}` and the route's parameters. */
  url?: string;
  /** chart, dataTable, compare…: another call instead of `url` when the screen's filters fill all of `filled` (the first that fits). */
  urlWhen?: { filled: string[]; url: string }[];
  /** chart, dataTable: dotted path of the data in the answer (default: the answer). */
  data?: string;
  /** dataTable: the rows' order before a heading is clicked (any field of the rows, shown or not; default: the answer's). */
  sort?: { field: string; desc?: boolean };
  /** chart: how it is drawn. */
  chart?: ChartType;
  /** chart: the key of the x axis (a donut's: of the names). */
  dataKey?: string;
  /** chart: the values drawn, each with its label (i18n key) and colour. */
  series?: SeriesConfig[];
  /** chart: the enum (schemas/enums.json) its series or donut names are values of: one without a `color` takes the enum's `x-colors`. */
  enum?: string;
  /** chart: unit appended to the values (`kg`); `valueFormat: percent` adds % itself. */
  unit?: string;
  /** chart: the unit read from the answer at this dotted path (a currency the call names), instead of `unit`. */
  unitAt?: string;
  /** chart: every month of the answer's period gets a row (paths of its first and last day, `{ "from": "start", "to": "end" }`). */
  fillMonths?: { from: string; to: string };
  /** chart (bar): the series stacked in one bar per row. */
  stacked?: boolean;
  /** chart: i18n keys of the x and y axis titles. */
  xLabel?: string;
  yLabel?: string;
  valueFormat?: ValueFormat;
  /** chart, dataTable, export: the name of a choice of the page (`choices`) whose chosen option's `set` replaces these options. */
  choice?: string;
  /** export: i18n key of the sentence saying what the file holds. */
  description?: string;
  /** chart, dataTable: a default period sent as fromDate/toDate (`x-defaultRange` names) when the screen gives none. */
  range?: string;
  /** chart, dataTable: more query parameters (templates like `url`). */
  query?: Record<string, string>;
  /** chart, dataTable: links shown beside the title (route templates like `url`). */
  links?: PanelLinkConfig[];
  /** On a panels screen: the grid columns taken (1–12, default 12). */
  span?: number;
  /** chart: height in pixels (default 260). */
  height?: number;
  /** board: the row field whose values are the columns, and those columns in order (value, label, colour). */
  groupBy?: string;
  groups?: BoardGroupConfig[];
  /** board: what a card shows and where a click on it goes. */
  card?: BoardCardConfig;
  /** board: buttons on each card (row actions: a call, a confirmation, a snackbar, then `refresh`). */
  actions?: RowActionConfig[];
  /** graph: each row is an edge between the nodes its `edge` fields name (docs/schemas.md "Graphs"). */
  edge?: GraphEdgeConfig;
  /** chart (bar), dataTable, heatmap: a click on a bar, a row or a cell opens a search filtered to what it counts (docs/schemas.md "Click-through"). */
  through?: ThroughConfig;
  /** compare: where the two periods and the change are in the answer (docs/schemas.md "Compare"). */
  compare?: CompareConfig;
  /** heatmap: where the year is in the answer (docs/schemas.md "Heatmap"). */
  heatmap?: HeatmapConfig;
}

/** compare: the answer's two periods (each with its dates and its values) and the change of each value in per cent. */
export interface CompareConfig {
  periods: { at: string; label: string }[];
  /** The fields of a period holding its first and last day (default `start`, `end`). */
  from?: string;
  to?: string;
  /** The field of a period named under its label when it has no dates (a season's code). */
  caption?: string;
  /** The dotted path of a period's values (the columns' fields are read under it; default: the period). */
  values?: string;
  /** The dotted path of the changes in per cent (the columns' fields are read under it). */
  change: string;
}

/** heatmap: the dotted path of a day of the year drawn (default `start`; else the first row's). */
export interface HeatmapConfig {
  yearAt?: string;
}

/** graph: the row fields of an edge's two ends (ids and labels) and of its colour (an enum with `x-colors`). */
export interface GraphEdgeConfig {
  source: string;
  target: string;
  sourceLabel?: string;
  targetLabel?: string;
  /** The field whose value colours the edge, with the enum (schemas/enums.json) that gives its `x-colors` and labels. */
  colorBy?: string;
  enum?: string;
}

/** notes, history: the fields of a row shown, each optional; a list takes the first one with a value. */
export interface RowFieldsConfig {
  /** The note's text (default `text`). */
  text?: string;
  /** history: what happened (an enum label, else the record machine's event name). */
  title?: string[];
  /** history: the status left and reached, as badges. */
  from?: string;
  to?: string;
  /** The author (a contact lookup), else the company (a company lookup). */
  author?: string;
  company?: string;
  /** More values on the byline (enum labels: the side that acted). */
  meta?: string[];
  /** history: the text the event was given (its ISO days shown in the user's locale). */
  detail?: string;
  /** The moment (the first with a value: the last edit, else the creation). */
  date?: string[];
}

/** A column of a board: the rows whose `groupBy` field has `value`. */
export interface BoardGroupConfig {
  value: string;
  /** i18n key of the column's heading (default: the enum label of the value, with `enum`). */
  label?: string;
  /** Mantine colour of the column. */
  color?: string;
}

export interface BoardCardConfig {
  /** The field shown as the card's title, with its enum labels when `titleEnum` names the enum. */
  titleField: string;
  titleEnum?: string;
  /** A field shown beside the title (a number). */
  subtitle?: string;
  /** The lines under the title: `{ field, label, format, enum }` as data table columns. */
  fields?: ColumnConfig[];
  /** A route template of the row's fields: a click on the card opens it. */
  link?: string;
}

export interface PanelLinkConfig {
  /** i18n key. */
  label: string;
  /** A route template (`/companies/{owner}`). */
  to: string;
  icon?: string;
}

/**
 * A button acting on the selected rows: in a lines grid, merge them into one or split each (held
 * until Save); on a search grid, one `call` with their ids (docs/schemas.md "Selection actions").
 */
export interface SelectionActionConfig {
  name: string;
  /** i18n key of the button. */
  label: string;
  icon?: string;
  merge?: { sum: string[]; union: string[]; same?: string[] };
  split?: { by: string; share: string[] };
  /** The selected rows' ids sent as `{ [ids]: [...] }`. */
  call?: { method?: 'PUT' | 'POST' | 'PATCH'; url: string; ids: string };
  /** Only rows matching every condition can be selected (as row actions' `when`). */
  when?: Record<string, unknown>;
  roles?: RoleRule[];
  /** i18n key of the success snackbar (`{{count}}`: how many rows the server answered). */
  success?: string;
}

/** A batch-edited search: where Save sends the edits, the names of its three lists, and the grid's options. */
export interface BatchConfig {
  url: string;
  method?: 'PUT' | 'POST';
  /** Body keys: the ids deleted, the lines changed (whole, with their version), the lines added. */
  delete: string;
  update: string;
  add: string;
  totals?: string[];
  selectionActions?: SelectionActionConfig[];
  /** uiSchema of the line dialog. */
  ui?: string;
  requiredFirst?: string[];
}

/**
 * A condition on the record's answer (docs/schemas.md "Record headers"): every key is a dotted path
 * (`rights.sheet.right`) and holds when the value there is equal, or matches `{ "empty": bool }`,
 * `{ "not": value }`, `{ "in": [...] }`, `{ "notIn": [...] }`. The caller's rights on the record are
 * fields of its answer, so a right is a condition too.
 */
export type RecordCondition = Record<string, unknown>;

/** A badge of a record header: a field's value in its colour, or a fixed label. */
export interface HeaderBadgeConfig {
  /** The value shown (a dotted path); its enum labels and colours come from the schema, or `enum` and `colors`. */
  field?: string;
  enum?: string;
  /** Colour per value (Mantine colour names); default: the schema's status colour of the value. */
  colors?: Record<string, string>;
  /** A fixed badge: i18n key of its text. */
  label?: string;
  icon?: string;
  color?: string;
  variant?: 'light' | 'filled' | 'outline';
  /** i18n key of a tooltip. */
  tooltip?: string;
  when?: RecordCondition;
  testId?: string;
}

/** A banner under the header while its condition holds. `values` fill the text: placeholder → field (shown formatted). */
export interface HeaderAlertConfig {
  when: RecordCondition;
  /** i18n keys. */
  title?: string;
  text: string;
  values?: Record<string, string>;
  color?: string;
  icon?: string;
}

/** The question asked before an action runs, with an optional comment sent with it. */
export interface ActionConfirmConfig {
  /** i18n key of the question; the record's fields are its `{{values}}`. */
  message: string;
  /** Red confirm button. */
  danger?: boolean;
  /** A comment box: its label (i18n key), its limit read from a schema (`entity.path.to.field`), and when it must be filled, the i18n key saying so. */
  comment?: { label: string; limit?: string; required?: string };
}

/** A workflow action of a record header: one event of the machine, drawn and confirmed as configured. */
export interface HeaderActionConfig {
  event: string;
  /** i18n key of the button (default: `workflow.<machine>.<EVENT>`). */
  label?: string;
  icon?: string;
  color?: string;
  variant?: 'filled' | 'light' | 'default' | 'outline' | 'subtle';
  confirm?: ActionConfirmConfig;
  /** i18n key of the success snackbar (default: the engine's "status changed"). */
  success?: string;
  /** The rights (or any condition) the record's answer must show for the action. */
  when?: RecordCondition;
}

/**
 * A header button or overflow-menu item: it opens a route (a template of the record's fields), a
 * dialog the app registered (`registerRecordDialog`), or deletes the record.
 */
export interface HeaderItemConfig {
  label: string;
  icon?: string;
  color?: string;
  variant?: 'filled' | 'light' | 'default' | 'outline' | 'subtle';
  to?: string;
  dialog?: string;
  delete?: { title: string; message: string; success: string; refused: string; then?: string };
  /** A line above the item (menus). */
  divider?: boolean;
  when?: RecordCondition;
  /** Shown only to a caller who may change the record (a Delete a reader would only be refused). */
  writable?: boolean;
  testId?: string;
}

export interface HeaderConfig {
  fields?: ColumnConfig[];
  /** The title: the record's number without the entity's title; its test id. */
  title?: { entity?: boolean; testId?: string };
  /** Values under the title joined by " · " (a `label` wraps the value: `{{field}}`; `enum` labels a field no schema has). */
  subtitle?: (string | { field: string; label?: string; enum?: string })[];
  /** The status badge and Workflow button when the entity names no `x-status` / `x-machine`. */
  status?: { field?: string; machine?: string; eventEnum?: string; testId?: string };
  badges?: HeaderBadgeConfig[];
  /**
   * The workflow actions, in this order: shown when the machine accepts the event and `when` holds.
   * `accepted` names the answer's field listing what the machine accepts from the caller (the server ran it
   * with the caller as actor); without it the engine runs the machine on the record's status.
   */
  actions?: { accepted?: string; events: HeaderActionConfig[] };
  buttons?: HeaderItemConfig[];
  menu?: { label: string; when?: RecordCondition; items: HeaderItemConfig[] };
  alerts?: HeaderAlertConfig[];
}

export interface TabConfig {
  name: string;
  /** i18n key of the tab. */
  title: string;
  icon?: string;
  /** Shown only to users the role rule allows. */
  roles?: RoleRule[];
  /** On a panels screen: the search form of this tab's filters (default: the screen's). */
  search?: string;
  panels: PanelConfig[];
}

/** One step of a wizard: a form of some of the entity's fields, or the summary. */
export interface WizardStepConfig {
  /** A state of the wizard's machine. */
  name: string;
  /** i18n key of the step. */
  title: string;
  fields?: string[];
  ui?: string;
  /** The summary step: every value typed, then Create. */
  summary?: boolean;
  /** Panels of the step, under its fields (a `lines` grid, an app's custom panel), on the wizard's values. */
  panels?: PanelConfig[];
  /** i18n keys: a line under the step's label in the stepper, and a heading above the step. */
  description?: string;
  heading?: string;
  /** Field paths (prefixes, `/notification`) of a refused save that open this step. */
  paths?: string[];
}

/**
 * type "wizard": where the values come from and where they go when the wizard writes to a call of
 * its own rather than the entity's `x-api` (docs/schemas.md "Wizards"). URLs are templates of the
 * route's parameters (`{ownerId}`).
 */
export interface WizardSourceConfig {
  /** The values of a new record (without it, a record `existing` does not answer fails the wizard). */
  load?: string;
  /** The record when one exists (200: the wizard edits it; 404: it creates one from `load`). */
  existing?: string;
}
export interface WizardSaveConfig {
  /** POST to create, PUT to edit. */
  url: string;
  /** The values are sent under this key (`{ widget: … }`), the record's version beside them. */
  wrap?: string;
  /** Checkboxes of the summary step sent beside the values (`notifyOwner`): name and i18n label. */
  extras?: { name: string; label: string }[];
  /** `?mode=new` starts afresh even when a record exists: this flag is sent true to confirm the replacement. */
  replace?: string;
  /** Where to go once saved (a template of the route's parameters). */
  done?: string;
  /** i18n keys of the snackbars once created and once updated (their values: the answer's and the loaded record's fields). */
  created?: string;
  updated?: string;
  /** `post` or `put` whatever was loaded (default: PUT an existing record, POST a new one). */
  method?: 'post' | 'put';
  /** i18n key of the save button. */
  label?: string;
  /** Once saved: this panel (an app's custom one) shows the call's answer, in place of going to `done`. */
  result?: PanelConfig;
}

/** type "wizard": what a mode (`?mode=` of the address) changes in the wizard (docs/schemas.md "Wizards"). */
export interface WizardModeConfig {
  title?: string;
  /** The machine of this mode: its states are the steps shown. */
  machine?: string;
  source?: WizardSourceConfig;
  save?: WizardSaveConfig;
  /** i18n key of a badge beside the title (values: the loaded record's fields and the address's query). */
  badge?: string;
  /** Where Cancel on the first step goes (a template; default: the screen's `parent`). */
  cancel?: string;
}

/** A search screen's field edited in its toolbar rather than in the filter panel (a text: the search box). */
export interface ToolbarFieldConfig {
  field: string;
  /** i18n key of the box's label and placeholder. */
  label: string;
}

/** A search screen's create button: one item a button, several a menu, each shown when `when` holds on the caller's profile. */
export interface CreateConfig {
  /** i18n key of the button. */
  label: string;
  roles?: RoleRule[];
  items: { label: string; to: string; when?: RecordCondition }[];
}

/**
 * A search screen's side panel (docs/schemas.md "Side panel"): `rankedList`, the user's own ranked
 * records, read from and saved to `url` as `[{ <item>: { <id>: … }, <rank>: n }]`.
 */
export interface SidePanelConfig {
  kind: 'rankedList';
  /** Prefix of its i18n keys (`<labels>.title`, `.save`, …). */
  labels: string;
  url: string;
  item: string;
  rank: string;
  /** The fields of a grid row the list keeps (default: all). */
  keep?: string[];
  /** Each record: its title (a link to `link`, a template of its fields), a badge, lines of values (first left, the others right). */
  card: { titleField: string; link?: string; badgeField?: string; lines?: string[][] };
}

/** A menu page entry that opens nothing: a card shown disabled, with a tooltip saying why (a feature to come). */
export interface MenuStaticItem {
  title: string;
  description?: string;
  icon?: string;
  /** i18n key of the tooltip. */
  tooltip: string;
  disabled: true;
  roles?: RoleRule[];
  companyRoles?: string[];
}

/** A choice of a panels page (docs/schemas.md "Panels pages"): a select of `options`, each changing the panels that name it. */
export interface ChoiceConfig {
  name: string;
  /** i18n key of its label. */
  title: string;
  default?: string;
  options: { value: string; label: string; set?: Partial<PanelConfig> }[];
}

export interface ScreenConfig {
  route: string;
  type: 'search' | 'menu' | 'page' | 'workflows' | 'record' | 'wizard' | 'files' | 'panels' | 'settings';
  title: string;
  description?: string;
  icon?: string;
  roles?: RoleRule[];
  entity?: string;
  search?: string;
  parent?: string;
  /** type "menu": other routes children may name as `parent` (`/admin` for the `/admin/menu` page). */
  aliases?: string[];
  /** Settings that change how the product behaves: the menu card is red, with a "Dangerous" badge. */
  danger?: boolean;
  /** type "menu": entries listed first (routes, or static entries); children naming the page as `parent` follow. */
  items?: (string | MenuStaticItem)[];
  /** A menu page's child: its place among the children (lower first; without it, last). */
  order?: number;
  /**
   * Roles of the caller's company (its `roles` list, e.g. DECISION_MAKER), one of which it must hold for
   * the screen to exist for the caller (spec §6.1; empty or absent: every company).
   */
  companyRoles?: string[];
  columns?: ColumnConfig[];
  /** type "search": the screen only lists its records (no New; rows open only a sheet it names), as for an `x-readOnly` entity. */
  readOnly?: boolean;
  sheet?: SheetConfig;
  rowActions?: RowActionConfig[];
  menu?: { icon: string; order?: number };
  /** type "page": the name of a hand-written app page rendered at this route. */
  page?: string;
  /** type "settings": the call (GET reads, PUT saves) of the settings object, with the route's `:name` parameters. */
  url?: string;
  /** type "settings": the ui file of its form (schemas/ui). */
  ui?: string;
  /** type "search": rows open this record screen (its route) instead of a sheet dialog; New opens its `createRoute`. */
  record?: string;
  /** type "record": the route of a new record (the record route holds the id: `/widgets/:widgetId`). */
  createRoute?: string;
  /** type "record": query parameters of `createRoute` that prefill a new record (`{ "contactId": "contributors" }`). */
  prefill?: Record<string, string>;
  /** type "record": key fields shown under the title, and what the header draws from configuration (docs/schemas.md "Record headers"); type "settings": its `alerts` only. */
  header?: HeaderConfig;
  /** type "record": tabs of panels (one tab shows no tab bar). */
  tabs?: TabConfig[];
  /** type "panels": a line under the title, read at `data` in the answer of `url` (a template of the route's parameters). */
  subtitle?: { url: string; data: string };
  /** type "panels": choices of the filter row the page keeps to itself (not sent with the calls): panels naming one (`choice`) take its option's `set`. */
  choices?: ChoiceConfig[];
  /** type "panels": the filter row's values kept as saved filters of the search form's type (docs/schemas.md "Panels pages"). */
  savedFilters?: boolean;
  /** type "files": the record whose files the page shows, a template of the caller's profile fields (`{companyId}`). */
  recordId?: string;
  /** type "files": the page's panels (attachments); type "panels": its panels (charts, tables), with the search form's values as query. */
  panels?: PanelConfig[];
  /** type "search": buttons acting on the selected rows (rows get checkboxes). */
  selectionActions?: SelectionActionConfig[];
  /** type "search": fields of the search form edited in the toolbar (a text: a search box), not in the filter panel. */
  toolbar?: ToolbarFieldConfig[];
  /** type "search": the create button, instead of New (routes, a menu of them, per the caller's profile). */
  create?: CreateConfig;
  /** type "search": a panel beside the grid (the user's ranked list). */
  side?: SidePanelConfig;
  /** type "search": the row actions' column comes first. */
  actionsFirst?: boolean;
  /** type "search": the items listed beside their families (docs/schemas.md "Families and their items — `tree`"). */
  tree?: TreeConfig;
  /** type "search": the results are edited in place in a lines grid and saved in one request (docs/schemas.md "Batch-edited searches"). */
  batch?: BatchConfig;
  /** type "wizard": the machine whose states are the steps (NEXT, BACK), and the steps in stepper order. */
  machine?: string;
  steps?: WizardStepConfig[];
  source?: WizardSourceConfig;
  save?: WizardSaveConfig;
  /** type "wizard": keep what is typed in the browser (per person and address) until it is saved or discarded. */
  draft?: boolean;
  /** type "wizard": modes by their `?mode=` value (upper case), each changing the machine, the source, the save, the title. */
  modes?: Record<string, WizardModeConfig>;
  /** type "wizard": where Cancel on the first step goes (a template of the route's and the query's parameters). */
  cancel?: string;
}

/**
 * A search screen's families pane: `family` is the family entity, `familyField` the items' field
 * naming their family, `order` the family's integer field the pane sorts by and writes when a
 * family is dragged (or moved with Alt+↑/↓).
 */
export interface TreeConfig {
  family: string;
  familyField: string;
  order?: string;
}

export interface AppConfig {
  entities: Record<string, JsonSchema>;
  search: Record<string, JsonSchema>;
  ui: Record<string, JsonSchema>;
  screens: ScreenConfig[];
  enums: Record<string, JsonSchema>;
  locales: Record<'en' | 'fr' | 'it', Record<string, string>>;
  /** Machines written as JSON (schemas/machines/), by id. */
  machines?: Record<string, MachineConfig>;
  /** Routes of the configured screens the caller may not open (a link to one answers "not allowed"). */
  closedRoutes?: string[];
  /**
   * The configuration's reference tables (JSON files of SCHEMAS_DIR that are data, not schemas), by
   * file name: app/ builds its rules from them, so a configuration's tables rule the browser too.
   */
  tables?: Record<string, unknown>;
  /** Names this answer (its hash): sent back in If-None-Match, the server answers 304 while it holds (configFreshness.ts). */
  version?: string;
}

export function loadConfig(): Promise<AppConfig> {
  return api.get<AppConfig>('/back/schemas', { quiet: true });
}

export function columnField(column: ColumnConfig): string {
  return typeof column === 'string' ? column : column.field;
}
