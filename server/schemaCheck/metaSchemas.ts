import { createHash } from 'node:crypto';
import { CHART_TYPES, VALUE_FORMATS } from '../../engine/charts/chartData';
import { DEFAULT_RANGES } from '../../engine/dates';
import type { JsonSchema } from '../../engine/schema/resolve';
import { keywords } from '../../engine/schema/rules';
import { PERMISSION_FLAGS } from '../auth/roles';

/**
 * The meta-schemas of the files under schemas/ (docs/schemas.md): what each kind of file may
 * hold. Every object is closed (`additionalProperties: false`), so a misspelt keyword or an
 * unknown `x-` annotation is reported where it stands.
 */

/** JSON Schema keywords an entity or search property may use (draft-07, as ajv reads them). */
const JSON_SCHEMA_KEYWORDS = [
  '$ref', '$comment', 'type', 'title', 'description', 'default', 'enum', 'const', 'examples', 'format', 'readOnly', 'writeOnly',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern',
  'items', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'properties', 'required', 'additionalProperties',
  'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else',
];

const anything = {};
const text = { type: 'string' };
const texts = { type: 'array', items: text };
const closed = (properties: Record<string, unknown>, required: string[] = []): JsonSchema => ({ type: 'object', additionalProperties: false, properties, required });
/** A string, or else `other` (reported alone when it fails, unlike an `anyOf`). */
const textOr = (other: JsonSchema) => ({ if: text, else: other });
/** A role rule: alternatives, each a permission flag or a list of flags held together (engine/schema/roles.ts). */
const roleRule = { type: 'array', items: textOr(texts) };
const lookup = closed({ url: text, kind: { enum: ['tags'] }, search: { type: 'boolean' }, params: { type: 'object', additionalProperties: text } }, ['url']);

/** A property schema: JSON Schema keywords, the engine's own keywords (rules.ts) and the annotations given. */
function propertySchema(annotations: Record<string, unknown>): JsonSchema {
  const own = Object.fromEntries([...JSON_SCHEMA_KEYWORDS, ...keywords.map((rule) => rule.keyword)].map((name) => [name, anything]));
  return {
    $defs: {
      property: {
        ...closed({
          ...own,
          // resolveSchema writes it when an enum comes from enums.json; a file may name it for an inline enum.
          'x-enum': text,
          ...annotations,
          properties: { type: 'object', additionalProperties: { $ref: '#/$defs/property' } },
          items: { $ref: '#/$defs/property' },
        }),
      },
    },
  };
}

/** `x-grouping: false`: a number shown without thousands separators (a year, a code: engine/format/numbers.ts). */
const grouping = { 'x-grouping': { type: 'boolean' } };

/** `x-computed`: field → JSONata expression (engine/schema/computed.ts); check.ts compiles each. */
const computed = { type: 'object', additionalProperties: text };

const entityProperty = propertySchema({
  ...grouping,
  'x-index': { type: 'boolean' },
  // On array items: the id field of a line, numbered by the server, and the line's computed fields.
  'x-id': text,
  'x-computed': computed,
  'x-lookup': lookup,
  'x-default': { enum: ['today', 'currentMonth'] },
  'x-serverOnly': { type: 'boolean' },
  'x-writeRoles': texts,
  'x-valueRoles': { type: 'object', additionalProperties: roleRule },
  // How an object value reads in one line (engine/format/values.ts objectText).
  // `language`: the part named by the reader's language, else the first with a value (per-language names).
  'x-text': closed({ parts: { type: 'array', items: texts, minItems: 1 }, separator: text, language: { type: 'boolean' } }, ['parts']),
  // This field's own value colours (colorAnnotations.ts checks values and colours); else its enums.json enum's.
  'x-colors': { type: 'object', additionalProperties: text },
});

const field = text;
/** A field, a dotted path, or a path through arrays: `lines[].defectId`. */
const USED_BY_PATH = '^[A-Za-z_$][\\w$]*(\\[\\])?(\\.[A-Za-z_$][\\w$]*(\\[\\])?)*$';
const stampSources = { type: 'object', additionalProperties: { enum: ['contactId', 'companyId', 'today', 'now'] } };

export const entityMeta: JsonSchema = {
  ...closed(
    {
      $id: text,
      $schema: text,
      title: text,
      description: text,
      type: { const: 'object' },
      required: texts,
      additionalProperties: { const: false },
      properties: { type: 'object', additionalProperties: { $ref: '#/$defs/property' } },
      'x-collection': { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
      'x-id': field,
      'x-api': { type: 'string', pattern: '^/' },
      // The spec's own create path under x-api, beside POST x-api (brands: POST /back/bo/brands/create?companyId=).
      'x-createPath': { type: 'string', pattern: '^/[A-Za-z]+$' },
      'x-readOnly': { type: 'boolean' },
      'x-history': { type: 'boolean' },
      'x-notes': { type: 'boolean' },
      'x-files': { type: 'object', additionalProperties: closed({ pictures: { type: 'boolean' }, documentType: { type: 'boolean' }, internal: field }) },
      'x-frozen': texts,
      'x-frozenUnless': { type: 'object', additionalProperties: roleRule },
      'x-owners': closed({ field, except: roleRule }, ['field']),
      'x-sums': {
        type: 'object',
        additionalProperties: closed({ collection: text, sum: field, match: { type: 'object', minProperties: 1, additionalProperties: field }, same: texts, message: text }, ['collection', 'sum', 'match', 'message']),
      },
      'x-routes': { enum: ['custom'] },
      // Records of other collections pointing at this one, removed with it in the same transaction.
      'x-cascade': { type: 'array', items: closed({ collection: text, field }, ['collection', 'field']) },
      'x-roles': roleRule,
      'x-createRoles': roleRule,
      'x-visibility': texts,
      // Who writes what others only read: a role rule, the record field holding the one company whose members write it, who writes any.
      'x-writers': closed({ roles: roleRule, company: field, anyRecord: roleRule }, ['company']),
      'x-machine': text,
      'x-status': field,
      'x-stamps': closed({ onCreate: stampSources, onUpdate: stampSources, onEvent: { type: 'object', additionalProperties: stampSources } }),
      'x-number': closed({ field, prefix: text }, ['field', 'prefix']),
      'x-events': { type: 'object', additionalProperties: closed({ roles: roleRule, input: texts, required: texts, count: field, into: { type: 'object', additionalProperties: field } }) },
      'x-computed': computed,
      'x-tags': closed({ source: text, field }, ['source', 'field']),
      'x-label': field,
      'x-messages': closed({ created: text, updated: text }),
      'x-hitLimit': { type: 'integer', minimum: 1 },
      // Owned lists (docs/schemas.md "Owned lists"): entityAnnotations.ts listRuleProblems checks the fields they name.
      'x-unique': { type: 'array', items: field, minItems: 1, uniqueItems: true },
      'x-archive': field,
      'x-usedBy': { type: 'array', items: closed({ collection: text, path: { type: 'string', pattern: USED_BY_PATH }, field }, ['collection', 'path']) },
      'x-scope': { enum: ['company', 'universe', 'global'] },
      // Its records change what GET /back/schemas answers (custom fields): the browser asks again after saving one.
      'x-changesSchemas': { type: 'boolean' },
      'x-customFlag': { enum: [...PERMISSION_FLAGS] },
      'x-indexes': {
        type: 'array',
        items: closed({ orderBy: { type: 'array', minItems: 1, items: closed({ field, desc: { type: 'boolean' } }, ['field']) }, keywords: field, include: { type: 'array', items: field, uniqueItems: true } }, ['orderBy']),
      },
    },
    ['x-collection', 'x-id', 'properties'],
  ),
  $defs: entityProperty.$defs,
};

const FILTER_OPS = ['eq', 'in', 'anyEq', 'gte', 'lte', 'keywords'];

export const searchMeta: JsonSchema = {
  ...closed(
    {
      $id: text,
      title: text,
      description: text,
      type: { const: 'object' },
      additionalProperties: { const: false },
      properties: { type: 'object', additionalProperties: { $ref: '#/$defs/property' } },
      'x-entity': text,
      'x-customFilters': text,
      // The call a search screen's grid reads, instead of its entity's x-api (the spec's smart-data search).
      'x-url': { type: 'string', pattern: '^/back/' },
      'x-defaultRange': { enum: [...DEFAULT_RANGES] },
      // Fields taken from other forms (server/searchInclude.ts): a form's name, or it and some of its properties.
      'x-include': { type: 'array', items: textOr(closed({ form: text, properties: texts }, ['form', 'properties'])) },
      // An answer of rows plus what they refer to (engine/search/answerRows.ts).
      'x-answer': closed(
        {
          rows: text,
          fields: { type: 'object', additionalProperties: closed({ title: text, enum: text, from: text, ids: text, key: text, match: text, text: texts }, ['title', 'from']) },
        },
        ['rows'],
      ),
    },
    ['x-entity', 'properties'],
  ),
  $defs: propertySchema({
    ...grouping,
    'x-filter': closed({ op: { enum: FILTER_OPS }, field, fields: texts }, ['op']),
    'x-lookup': lookup,
    // A filter that takes the place of others (a season instead of dates): choosing it clears them, and they it.
    'x-replaces': texts,
    // A query parameter the call takes but no filter row shows (a panels page's filters leave it out).
    'x-hidden': { type: 'boolean' },
    // The parameter by which the form's search screens ask for only what they show (`screen`): the call's projection.
    'x-view': { const: true },
    // The first date of a range (a date onOrAfter it): the range's default period and its picker's label.
    'x-defaultRange': { enum: [...DEFAULT_RANGES] },
    'x-rangeTitle': text,
  }).$defs,
};

const column = textOr(
  closed(
    {
      field,
      width: { type: 'number' },
      flex: { type: 'number' },
      hidden: { type: 'boolean' },
      currencyField: field,
      badge: { type: 'boolean' },
      // A data table's column (its rows are no entity's): heading, how values read, the enum labelling them.
      label: text,
      format: { enum: [...VALUE_FORMATS] },
      enum: text,
      colors: { type: 'object', additionalProperties: text },
      // A data table's cell linking to a route (a template of the row's fields).
      to: { type: 'string', pattern: '^/' },
      // A figures card's accent.
      color: text,
      under: texts,
      empty: text,
      until: field,
      spread: { type: 'boolean' },
      text,
    },
    ['field'],
  ),
);
/** A chart or data table panel's link (a route template of the record's fields and the route's parameters). */
const panelLink = closed({ label: text, to: { type: 'string', pattern: '^/' }, icon: text }, ['label', 'to']);
const chartSeries = closed({ name: text, label: text, color: text, dashed: { type: 'boolean' } }, ['name', 'label']);
/** An action's dialog form (docs/schemas.md "Action forms"). */
const actionForm = closed({
  entity: text,
  fields: { type: 'array', items: textOr(closed({ field: text, name: text }, ['field', 'name'])) },
  schema: { type: 'object', additionalProperties: { type: 'object' } },
  required: texts,
  ui: text,
  title: text,
  notice: text,
  submit: text,
  values: { type: 'object' },
  choices: { type: 'object', additionalProperties: closed({ url: { type: 'string', pattern: '^/' }, query: { type: 'object', additionalProperties: { if: text, else: texts } } }, ['url']) },
  successValues: { type: 'object', additionalProperties: text },
});
const rowAction = {
  ...closed(
  {
    name: text,
    label: text,
    icon: text,
    method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    url: text,
    // A link (read-only lines) instead of a call.
    to: { type: 'string', pattern: '^/' },
    roles: roleRule,
    when: { type: 'object' },
    once: text,
    confirm: text,
    confirmTitle: text,
    success: text,
    failure: text,
    then: text,
    danger: { type: 'boolean' },
    body: { type: 'object' },
    // A search screen's row joining its side list (no call).
    addToSide: { const: true },
    form: actionForm,
    writable: { type: 'boolean' },
    // A read-only lines panel's button opening a dialog the app registered.
    dialog: text,
    color: text,
    variant: { enum: ['filled', 'light', 'default', 'outline', 'subtle'] },
  },
  ['name', 'label'],
  ),
  oneOf: [{ required: ['url'] }, { required: ['to'] }, { required: ['addToSide'] }, { required: ['dialog'] }],
};

const selectionAction = closed(
  {
    name: text,
    label: text,
    icon: text,
    merge: closed({ sum: texts, union: texts, same: texts }, ['sum', 'union']),
    split: closed({ by: text, share: texts }, ['by', 'share']),
    call: closed({ method: { enum: ['PUT', 'POST', 'PATCH'] }, url: { type: 'string', pattern: '^/' }, ids: text }, ['url', 'ids']),
    when: { type: 'object' },
    roles: roleRule,
    success: text,
  },
  ['name', 'label'],
);
/** notes, history: which field of a row holds what the panel shows. */
const rowFields = closed({ text, title: texts, from: text, to: text, author: text, company: text, meta: texts, detail: text, date: texts });
const panelProperties = {
    kind: text,
    title: text,
    name: text,
    when: { type: 'object' },
    readOnly: { type: 'boolean' },
    rowActions: { type: 'array', items: rowAction },
    buttons: { type: 'array', items: rowAction },
    empty: text,
    // read-only lines: cards, their test id, a tint, notes on some lines, record fields the templates keep
    layout: { enum: ['table', 'cards'] },
    rowTestId: text,
    highlight: closed({ when: { type: 'object' }, color: text }, ['when', 'color']),
    rowNotes: { type: 'array', items: closed({ label: text, when: { type: 'object' }, color: text }, ['label']) },
    fromRecord: texts,
    cols: { type: 'integer', minimum: 1, maximum: 4 },
    create: { type: 'string', pattern: '^/' },
    editWhen: texts,
    removeWhen: texts,
    rowFields,
    ui: text,
    fields: texts,
    // form: a section's own mandatory fields, buttons filling fields from a call (docs/schemas.md "Fields computed by a call")
    required: texts,
    computes: {
      type: 'array',
      items: closed(
        { label: text, icon: text, name: text, url: { type: 'string', pattern: '^/' }, params: { type: 'object', additionalProperties: text }, requires: texts, sets: { type: 'object', additionalProperties: text } },
        ['label', 'url', 'params', 'requires', 'sets'],
      ),
    },
    field: text,
    columns: { type: 'array', items: column },
    totals: texts,
    requiredFirst: texts,
    fixed: { type: 'boolean' },
    selectionActions: { type: 'array', items: selectionAction },
    entity: text,
    params: { type: 'object', additionalProperties: text },
    component: text,
    fileType: text,
    gallery: { type: 'boolean' },
    documentType: { type: 'boolean' },
    pictures: { type: 'boolean' },
    multiple: { type: 'boolean' },
    list: { type: 'string', pattern: '^/' },
    edit: { type: 'string', pattern: '^/' },
    remove: { type: 'string', pattern: '^/' },
    writeRoles: roleRule,
    // chart and dataTable (docs/schemas.md "Charts and data tables")
    url: { type: 'string', pattern: '^/' },
    urlWhen: { type: 'array', minItems: 1, items: closed({ filled: { ...texts, minItems: 1 }, url: text }, ['filled', 'url']) },
    data: text,
    sort: closed({ field: text, desc: { type: 'boolean' } }, ['field']),
    chart: { enum: [...CHART_TYPES] },
    dataKey: text,
    series: { type: 'array', minItems: 1, items: chartSeries },
    enum: text,
    unit: text,
    unitAt: text,
    stacked: { type: 'boolean' },
    fillMonths: closed({ from: text, to: text }, ['from', 'to']),
    xLabel: text,
    yLabel: text,
    valueFormat: { enum: [...VALUE_FORMATS] },
    range: { enum: [...DEFAULT_RANGES] },
    query: { type: 'object', additionalProperties: text },
    links: { type: 'array', items: panelLink },
    span: { type: 'integer', minimum: 1, maximum: 12 },
    height: { type: 'integer', minimum: 120, maximum: 800 },
    // board (docs/schemas.md "Boards of cards")
    groupBy: text,
    groups: { type: 'array', minItems: 1, items: closed({ value: text, label: text, color: text }, ['value']) },
    card: closed({ titleField: text, titleEnum: text, subtitle: text, fields: { type: 'array', items: column }, link: { type: 'string', pattern: '^/' } }, ['titleField']),
    actions: { type: 'array', items: rowAction },
    // A choice of the panels page whose option's `set` replaces these options; export: what the file holds.
    choice: text,
    description: text,
    // graph (docs/schemas.md "Graphs")
    edge: closed({ source: text, target: text, sourceLabel: text, targetLabel: text, colorBy: text, enum: text }, ['source', 'target']),
    // click-through, compare, heatmap (docs/schemas.md "Click-through", "Compare", "Heatmap")
    through: closed(
      {
        to: { type: 'string', pattern: '^/' },
        query: { type: 'object', additionalProperties: { if: { type: 'array' }, then: texts, else: text } },
        period: closed({ field: text, from: text, to: text, within: { type: 'array', minItems: 2, maxItems: 2, items: text } }, ['field', 'from', 'to']),
      },
      ['to'],
    ),
    compare: closed(
      { periods: { type: 'array', minItems: 2, maxItems: 2, items: closed({ at: text, label: text }, ['at', 'label']) }, from: text, to: text, caption: text, values: text, change: text },
      ['periods', 'change'],
    ),
    heatmap: closed({ yearAt: text }),
};
/** A `stack` panel holds panels one under the other (one level deep). */
const panelSchema = closed({ ...panelProperties, panels: { type: 'array', items: closed(panelProperties, ['kind']), minItems: 1 } }, ['kind']);
/** Screens name the panel schema once (`$defs`): inlined at each of its places, the meta-schema was 157 kB and took ajv 1.5 s to compile. */
const panel = { $ref: '#/$defs/panel' };
/** A record header's condition (engine/config.ts RecordCondition): a dotted path → a value or `{ empty, not, in, notIn, has, hasNot }`. */
const condition = { type: 'object', additionalProperties: { if: { type: 'object' }, then: closed({ empty: { type: 'boolean' }, not: {}, in: { type: 'array' }, notIn: { type: 'array' }, has: {}, hasNot: {} }) } };
const variant = { enum: ['filled', 'light', 'default', 'outline', 'subtle'] };
const headerItem = closed(
  {
    label: text,
    icon: text,
    color: text,
    variant,
    to: { type: 'string', pattern: '^/' },
    dialog: text,
    delete: closed({ title: text, message: text, success: text, refused: text, then: { type: 'string', pattern: '^/' } }, ['title', 'message', 'success', 'refused']),
    divider: { type: 'boolean' },
    when: condition,
    writable: { type: 'boolean' },
    testId: text,
  },
  ['label'],
);
const header = closed({
  fields: { type: 'array', items: column },
  title: closed({ entity: { type: 'boolean' }, testId: text }),
  subtitle: { type: 'array', items: textOr(closed({ field: text, label: text, enum: text }, ['field'])) },
  status: closed({ field: text, machine: text, eventEnum: text, testId: text }),
  badges: {
    type: 'array',
    items: closed({ field: text, enum: text, colors: { type: 'object', additionalProperties: text }, label: text, icon: text, color: text, variant: { enum: ['light', 'filled', 'outline'] }, tooltip: text, when: condition, testId: text }),
  },
  actions: closed(
    {
      accepted: text,
      events: {
        type: 'array',
        items: closed(
          {
            event: text,
            label: text,
            icon: text,
            color: text,
            variant,
            confirm: closed({ message: text, danger: { type: 'boolean' }, comment: closed({ label: text, limit: text, required: text }, ['label']) }, ['message']),
            success: text,
            when: condition,
          },
          ['event'],
        ),
      },
    },
    ['events'],
  ),
  buttons: { type: 'array', items: headerItem },
  menu: closed({ label: text, when: condition, items: { type: 'array', items: headerItem, minItems: 1 } }, ['label', 'items']),
  alerts: { type: 'array', items: closed({ when: condition, title: text, text, values: { type: 'object', additionalProperties: text }, color: text, icon: text }, ['when', 'text']) },
});
const tab = closed({ name: text, title: text, icon: text, roles: roleRule, search: text, panels: { type: 'array', items: panel, minItems: 1 } }, ['name', 'title', 'panels']);

const wizardSource = closed({ load: { type: 'string', pattern: '^/' }, existing: { type: 'string', pattern: '^/' } });
const wizardSave = closed(
  {
    url: { type: 'string', pattern: '^/' },
    wrap: text,
    extras: { type: 'array', items: closed({ name: text, label: text }, ['name', 'label']) },
    replace: text,
    done: { type: 'string', pattern: '^/' },
    created: text,
    updated: text,
    method: { enum: ['post', 'put'] },
    label: text,
    result: panel,
  },
  ['url'],
);

export const screenMeta: JsonSchema = {
  ...closed(
  {
    route: { type: 'string', pattern: '^/' },
    type: { enum: ['search', 'menu', 'page', 'workflows', 'record', 'wizard', 'files', 'panels', 'settings'] },
    title: text,
    description: text,
    icon: text,
    roles: roleRule,
    entity: text,
    search: text,
    parent: { type: 'string', pattern: '^/' },
    // A panels page's own choices (not sent with the calls) and its saved filters (docs/schemas.md "Panels pages").
    choices: {
      type: 'array',
      items: closed(
        { name: text, title: text, default: text, options: { type: 'array', minItems: 1, items: closed({ value: text, label: text, set: closed(panelProperties) }, ['value', 'label']) } },
        ['name', 'title', 'options'],
      ),
    },
    savedFilters: { type: 'boolean' },
    // A menu page: routes or static entries (a disabled card with its tooltip), the other routes its children may name, a child's place.
    items: { type: 'array', items: textOr(closed({ title: text, description: text, icon: text, tooltip: text, disabled: { const: true }, roles: roleRule, companyRoles: texts }, ['title', 'tooltip', 'disabled'])) },
    aliases: { type: 'array', items: { type: 'string', pattern: '^/' } },
    danger: { type: 'boolean' },
    order: { type: 'number' },
    companyRoles: texts,
    columns: { type: 'array', items: column },
    readOnly: { type: 'boolean' },
    sheet: closed(
      {
        mode: { enum: ['dialog', 'page'] },
        size: text,
        ui: text,
        edit: { type: 'boolean' },
        showAfterCreate: texts,
        delete: closed({ label: text, title: text, confirm: text, success: text, refused: text }),
        panels: { type: 'array', items: panel, minItems: 1 },
      },
      ['mode'],
    ),
    rowActions: { type: 'array', items: rowAction },
    selectionActions: { type: 'array', items: selectionAction },
    // A search screen's toolbar fields, create button and side panel (docs/schemas.md "Search screens: toolbar, create, side panel").
    toolbar: { type: 'array', items: closed({ field: text, label: text }, ['field', 'label']) },
    create: closed(
      { label: text, roles: roleRule, items: { type: 'array', minItems: 1, items: closed({ label: text, to: { type: 'string', pattern: '^/' }, when: condition }, ['label', 'to']) } },
      ['label', 'items'],
    ),
    side: closed(
      {
        kind: { const: 'rankedList' },
        labels: text,
        url: { type: 'string', pattern: '^/' },
        item: text,
        rank: text,
        keep: texts,
        card: closed({ titleField: text, link: { type: 'string', pattern: '^/' }, badgeField: text, lines: { type: 'array', items: { type: 'array', minItems: 1, items: text } } }, ['titleField']),
      },
      ['kind', 'labels', 'url', 'item', 'rank', 'card'],
    ),
    actionsFirst: { type: 'boolean' },
    // Families and their items on one screen (docs/schemas.md "Families and their items — `tree`").
    tree: closed({ family: text, familyField: text, order: text }, ['family', 'familyField']),
    menu: closed({ icon: text, order: { type: 'number' } }, ['icon']),
    page: text,
    // type "settings": the settings object's call and the ui file of its form (docs/schemas.md "Settings screens").
    url: { type: 'string', pattern: '^/back/' },
    ui: text,
    record: { type: 'string', pattern: '^/' },
    createRoute: { type: 'string', pattern: '^/' },
    prefill: { type: 'object', additionalProperties: text },
    header,
    tabs: { type: 'array', items: tab, minItems: 1 },
    batch: closed(
      { url: { type: 'string', pattern: '^/' }, method: { enum: ['PUT', 'POST'] }, delete: text, update: text, add: text, totals: texts, selectionActions: { type: 'array', items: selectionAction }, ui: text, requiredFirst: texts },
      ['url', 'delete', 'update', 'add'],
    ),
    recordId: text,
    panels: { type: 'array', items: panel, minItems: 1 },
    subtitle: closed({ url: { type: 'string', pattern: '^/' }, data: text }, ['url', 'data']),
    machine: text,
    steps: {
      type: 'array',
      minItems: 1,
      items: closed(
        { name: text, title: text, fields: texts, ui: text, summary: { type: 'boolean' }, panels: { type: 'array', items: panel, minItems: 1 }, description: text, heading: text, paths: texts },
        ['name', 'title'],
      ),
    },
    source: wizardSource,
    draft: { type: 'boolean' },
    save: wizardSave,
    modes: { type: 'object', additionalProperties: closed({ title: text, machine: text, source: wizardSource, save: wizardSave, badge: text, cancel: text }) },
    cancel: text,
  },
  ['route', 'type', 'title'],
  ),
  $defs: { panel: panelSchema },
};

/** RJSF uiSchema keywords the engine reads (`ui:` on a field), with its extensions (docs/schemas.md "Screens"). */
const uiField: JsonSchema = {
  type: 'object',
  properties: {
    'ui:widget': text,
    'ui:options': { type: 'object' },
    'ui:title': text,
    'ui:description': text,
    'ui:help': text,
    'ui:placeholder': text,
    // The field's own message per rule (`{ "required": "…" }`), a label key.
    'ui:messages': { type: 'object', additionalProperties: text },
    'ui:readonly': { type: 'boolean' },
    'ui:disabled': { type: 'boolean' },
    'ui:autofocus': { type: 'boolean' },
    'ui:enumDisabled': { type: 'array' },
    'ui:order': texts,
    items: { $ref: '#/$defs/field' },
  },
  // Nested fields of an object field; any other `ui:` keyword is unknown.
  patternProperties: { '^[^:]+$': { $ref: '#/$defs/field' } },
  additionalProperties: false,
};

export const uiMeta: JsonSchema = {
  type: 'object',
  properties: {
    'ui:order': texts,
    'ui:sections': { type: 'array', items: closed({ title: text, fields: texts }, ['title', 'fields']) },
  },
  patternProperties: { '^[^:]+$': { $ref: '#/$defs/field' } },
  additionalProperties: false,
  $defs: { field: uiField },
};

/** The meta-schema of each folder of schemas/: `npm run generate` compiles them (generated/metaValidators.cjs). */
export const META_SCHEMAS = { entities: entityMeta, search: searchMeta, screens: screenMeta, ui: uiMeta } as const;
/** A $ref stays a call (inlineRefs: false): inlined, the panel schema the screens name in six places was compiled six times. */
export const META_AJV_OPTIONS = { allErrors: true, strict: false, inlineRefs: false } as const;
/** Names the meta-schemas' content: generated validators made from other meta-schemas are not used (check.ts). */
export const metaSchemasHash = (): string => createHash('sha256').update(JSON.stringify(META_SCHEMAS)).digest('hex');
