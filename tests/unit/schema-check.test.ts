import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem } from '../../server/schemaCheck/check';
import { checkSchemas } from '../../server/schemaLoader';
import { loadRegistry, SchemaCheckError, storeIndexes } from '../../server/schemas';

/** `npm run check:schemas` (server/schemaCheck): broken copies of schemas/ and the exact problems reported. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const copies: string[] = [];

/** A copy of schemas/ with `change` applied to some of its JSON files (path → edit of the parsed file). */
function brokenCopy(changes: Record<string, (json: any) => void>): string {
  const dir = mkdtempSync(join(tmpdir(), 'qcflow-schemas-'));
  copies.push(dir);
  cpSync(join(root, 'schemas'), dir, { recursive: true });
  for (const [file, change] of Object.entries(changes)) {
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    change(json);
    writeFileSync(join(dir, file), JSON.stringify(json, null, 2));
  }
  return dir;
}

const problemsOf = (dir: string) => checkSchemas(dir).map(formatProblem);

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('check:schemas', () => {
  it('finds no problem in schemas/', () => {
    expect(problemsOf(join(root, 'schemas'))).toEqual([]);
  });

  it('reports unknown annotations and keywords, with their file and JSON path', () => {
    const dir = brokenCopy({
      'entities/capa.json': (capa) => {
        capa['x-colection'] = 'capas';
        capa.properties.title['x-lookupp'] = { url: '/back/bo/x' };
        capa.properties.description.maxLenght = 10;
      },
      'search/capa.json': (search) => (search.properties.statuses['x-filtr'] = { op: 'in', field: 'status' }),
      'screens/capaSearch.json': (screen) => (screen.sheet.sise = 'xl'),
      'ui/capa.json': (ui) => (ui.description['ui:widgte'] = 'textarea'),
    });
    expect(problemsOf(dir)).toEqual([
      'entities/capa.json /x-colection: unknown annotation x-colection',
      'entities/capa.json /properties/title/x-lookupp: unknown annotation x-lookupp',
      'entities/capa.json /properties/description/maxLenght: unknown keyword maxLenght',
      'search/capa.json /properties/statuses/x-filtr: unknown annotation x-filtr',
      'screens/capaSearch.json /sheet/sise: unknown keyword sise',
      'ui/capa.json /description/ui:widgte: unknown keyword ui:widgte',
    ]);
  });

  it('reports wrong values of known annotations', () => {
    const dir = brokenCopy({
      'entities/capa.json': (capa) => (capa['x-stamps'].onCreate.creator = 'contact'),
      'search/capa.json': (search) => (search['x-defaultRange'] = 'lastWeek'),
      'screens/capaSearch.json': (screen) => {
        screen.type = 'serach';
        screen.columns[0] = { width: 90 };
      },
    });
    expect(problemsOf(dir)).toEqual([
      'entities/capa.json /x-stamps/onCreate/creator: must be equal to one of the allowed values: contactId, companyId, today, now',
      'search/capa.json /x-defaultRange: must be equal to one of the allowed values: currentMonth, previousToCurrentMonth, plusMinus7Days, plusMinus15Days, minus7Plus30Days, lastSixMonths, lastTwelveMonths, currentYear, currentQuarter, previousQuarter',
      "screens/capaSearch.json /type: must be equal to one of the allowed values: search, menu, page, workflows, record, wizard, files, panels, settings",
      "screens/capaSearch.json /columns/0: must have required property 'field'",
    ]);
  });

  it('reports names that do not exist: a field in a column, a machine event, an entity, a uiSchema, a field of a uiSchema', () => {
    const dir = brokenCopy({
      'entities/capa.json': (capa) => (capa['x-stamps'].onEvent.FINISH = { closingDate: 'today' }),
      'entities/qualityAlert.json': (alert) => {
        alert['x-machine'] = 'alertFlow';
        alert.$id = 'alert';
      },
      'search/capa.json': (search) => (search.properties.statuses['x-filter'].field = 'state'),
      'screens/capaSearch.json': (screen) => {
        screen.columns.push('titel', { field: 'cost', currencyField: 'money' });
        screen.sheet.ui = 'capaSheet';
      },
      'screens/matrix8dSearch.json': (screen) => (screen.entity = 'eightD'),
      'ui/nonCompliance.json': (ui) => (ui['ui:order'] = ['title', 'titel', '*']),
    });
    expect(problemsOf(dir)).toEqual([
      'entities/capa.json /x-stamps/onEvent/FINISH: unknown machine event FINISH of machine capa: START, COMPLETE, REOPEN',
      "entities/qualityAlert.json /$id: must be the file's name, qualityAlert",
      'entities/qualityAlert.json /x-machine: unknown machine alertFlow (machines/index.ts or schemas/machines/)',
      'search/capa.json /properties/statuses/x-filter/field: unknown field state: entity capa has no such property',
      'screens/capaSearch.json /sheet/ui: unknown uiSchema capaSheet (schemas/ui/)',
      'screens/capaSearch.json /columns/12: unknown field titel in a column: entity capa has no such property',
      'screens/capaSearch.json /columns/13/currencyField: unknown field money: entity capa has no such property',
      'screens/matrix8dSearch.json /entity: unknown entity eightD',
      'ui/nonCompliance.json /ui:order/1: unknown field titel: entity nonCompliance has no such property',
    ]);
  });

  it('types the fields an x-indexes order includes, nested ones too, and refuses an unknown or non-scalar one', () => {
    const [order] = storeIndexes(loadRegistry(join(root, 'schemas'))).get('services')!.ordered;
    expect(order.include?.[0]).toBe('universeId');
    expect(order.types).toMatchObject({ startDate: 'string', serviceId: 'number', universeId: 'number', 'report.reportResult': 'string', 'report.defects.MAJOR': 'number', providerConfirmed: 'boolean' });
    const unknown = brokenCopy({ 'entities/service.json': (service) => service['x-indexes'][0].include.push('reprot.reportResult') });
    expect(problemsOf(unknown)).toEqual(['entities/service.json /x-indexes/0/include/21: unknown field reprot.reportResult: entity service has no such property']);
    const notScalar = brokenCopy({ 'entities/service.json': (service) => service['x-indexes'][0].include.push('report.defects') });
    expect(() => loadRegistry(notScalar)).toThrow('Entity service: an index on report.defects needs a property of type string, number, integer or boolean');
    const missing = brokenCopy({ 'entities/service.json': (service) => service['x-indexes'][0].include.push('report.defects.FATAL') });
    expect(() => loadRegistry(missing)).toThrow('Entity service: an index on report.defects.FATAL needs a property');
  }, 30_000); // four loads of the whole configuration: 13 s on a shared machine under load

  it('reports an x-indexes order that does not end on the id field, which the store needs', () => {
    const dir = brokenCopy({
      'entities/service.json': (service) => service['x-indexes'][0].orderBy.pop(),
    });
    expect(problemsOf(dir)).toEqual(['entities/service.json /x-indexes/0/orderBy: an order must end with the id field serviceId']);
  });

  it('reports a settings screen without its url or entity, or naming a uiSchema that does not exist', () => {
    const dir = brokenCopy({
      'screens/companyWorkflow.json': (screen) => (screen.ui = 'workflowSettings'),
      'screens/companyTask.json': (screen) => delete screen.url,
      'screens/companyServiceDefault.json': (screen) => (screen.url = '/profileCompany/:companyId'),
    });
    expect(problemsOf(dir)).toEqual([
      'screens/companyServiceDefault.json /url: must match pattern "^/back/"',
      'screens/companyTask.json /: a settings screen names its entity and url',
      'screens/companyWorkflow.json /ui: unknown uiSchema workflowSettings (schemas/ui/)',
    ]);
  });

  it('reports an attachments panel whose file domain its entity does not declare, or that names none among several', () => {
    const dir = brokenCopy({
      'screens/capaSearch.json': (screen) => (screen.sheet.panels = [{ kind: 'attachments', fileType: 'FEE' }]),
      'screens/serviceSheet.json': (screen) => delete screen.tabs[2].panels[0].fileType,
      'screens/documents.json': (screen) => (screen.panels[0].galery = true),
    });
    expect(problemsOf(dir)).toEqual([
      'screens/documents.json /panels/0/galery: unknown keyword galery',
      'screens/capaSearch.json /sheet/panels/0/fileType: unknown file domain FEE: x-files of capa declares CAPA',
      'screens/serviceSheet.json /tabs/2/panels/0: an attachments panel of service needs a fileType: x-files declares SERVICE, SYNTHESIS',
    ]);
  });

  it('checks the panels of a stack and the row fields of notes, history and read-only lines against the schema they name', () => {
    const dir = brokenCopy({
      'screens/serviceSheet.json': (screen) => {
        screen.tabs[0].panels[0].panels[0].fields.push('clients');
        screen.tabs[0].panels[1].panels[2].rowFields.author = 'writer';
        screen.tabs[0].panels[2].columns.push('colour');
        screen.tabs[1].panels[0].entity = 'serviceHistorie';
      },
    });
    expect(problemsOf(dir)).toEqual([
      'screens/serviceSheet.json /tabs/0/panels/0/panels/0/fields/6: unknown field clients: entity service has no such property',
      'screens/serviceSheet.json /tabs/0/panels/1/panels/2/rowFields/author: unknown field writer: entity serviceNote has no such property',
      'screens/serviceSheet.json /tabs/0/panels/2/columns/13: unknown field colour: a line of service.purchaseOrderLines has no such property',
      'screens/serviceSheet.json /tabs/1/panels/0/entity: unknown entity serviceHistorie',
    ]);
  });

  it('checks action forms: their keys, entity, fields, uiSchema, and the required and choice fields among their own; a read-only list names its lines\' entity', () => {
    const dir = brokenCopy({
      'screens/serviceSheet.json': (screen) => {
        const decide = screen.tabs[0].panels[1].panels[0].buttons[0];
        decide.form.fields.push('decision.verdict');
        decide.form.required.push('clientDecisions');
        decide.form.choices.recipient = decide.form.choices.recipients;
        decide.form.ui = 'reportDecisions';
        const reminders = screen.tabs[4].panels[0];
        reminders.buttons[0].form.entity = 'reminders';
        reminders.rowActions[0].form.feilds = ['sendAt'];
        reminders.columns.push('sentBy');
      },
    });
    expect(problemsOf(dir)).toEqual([
      'screens/serviceSheet.json /tabs/4/panels/0/rowActions/0/form/feilds: unknown keyword feilds',
      'screens/serviceSheet.json /tabs/0/panels/1/panels/0/buttons/0/form/fields/2: unknown field decision.verdict in a form: entity report has no such property',
      'screens/serviceSheet.json /tabs/0/panels/1/panels/0/buttons/0/form/ui: unknown uiSchema reportDecisions (schemas/ui/)',
      'screens/serviceSheet.json /tabs/0/panels/1/panels/0/buttons/0/form/required/1: unknown form field clientDecisions: the form has recipients, clientDecision, comment, verdict',
      'screens/serviceSheet.json /tabs/0/panels/1/panels/0/buttons/0/form/choices/recipient: unknown form field recipient: the form has recipients, clientDecision, comment, verdict',
      'screens/serviceSheet.json /tabs/4/panels/0/buttons/0/form/entity: unknown entity reminders',
      'screens/serviceSheet.json /tabs/4/panels/0/columns/4: unknown field sentBy: a row of reminder has no such property',
    ]);
  });

  it('reports x-events naming unknown events or fields, x-computed that does not compile or names no field, and a line x-id that is no field', () => {
    const dir = brokenCopy({
      'entities/fee.json': (fee) => {
        fee['x-events'].APPROVE = {};
        fee['x-events'].TOFIX = { input: ['coment'], required: ['comment'], count: 'number' };
        fee['x-computed'] = { totalAmount: '$sum(feeLines.total', grandTotal: '1' };
        fee.properties.feeLines.items['x-id'] = 'lineId';
        fee.properties.feeLines.items['x-computed'].total = '$num(toll) +';
      },
      'entities/capa.json': (capa) => (capa['x-events'] = { START: { roles: 'MANAGER' } }),
      'entities/nonCompliance.json': (nc) => (nc['x-events'] = { CLOSE: {} }),
    });
    expect(problemsOf(dir)).toEqual([
      'entities/capa.json /x-events/START/roles: must be array',
      'entities/fee.json /x-events/TOFIX/input/0: unknown field coment: entity has no such property',
      'entities/fee.json /x-events/TOFIX/required/0: comment must be an input field of the event too',
      'entities/fee.json /x-events/TOFIX/count: number must be an integer property',
      'entities/fee.json /x-events/APPROVE: unknown machine event APPROVE of machine fee: REQUEST_VALIDATION, VALIDATE, TOFIX',
      'entities/fee.json /x-computed/totalAmount: not a JSONata expression: Expected ")" before end of expression',
      'entities/fee.json /x-computed/grandTotal: unknown field grandTotal: the object has no such property',
      'entities/fee.json /properties/feeLines/items/x-computed/total: not a JSONata expression: Unexpected end of expression',
      'entities/fee.json /properties/feeLines/items/x-id: unknown field lineId: the items have no such property',
      'entities/nonCompliance.json /x-events/CLOSE: x-events needs x-machine',
    ]);
  });

  it('reports a pattern that is no regular expression (the server compiles a validator on its first use, not at start)', () => {
    const dir = brokenCopy({
      'entities/brand.json': (brand) => (brand.properties.color.pattern = '^#[0-9a-f{6}$'),
      'entities/customField.json': (field) => (field.properties.code.patternProperties = { '(': {} }),
    });
    expect(problemsOf(dir)).toEqual([
      'entities/brand.json /properties/color/pattern: no regular expression: Invalid regular expression: /^#[0-9a-f{6}$/u: Unterminated character class',
      'entities/customField.json /properties/code/patternProperties/(: no regular expression: Invalid regular expression: /(/u: Unterminated group',
    ]);
  });

  it('reports a search screen\'s side list, toolbar and answer columns naming unknown fields', () => {
    const dir = brokenCopy({
      'screens/serviceSearch.json': (screen) => {
        screen.side.keep.push('startDay');
        screen.side.card.badgeField = 'step';
        screen.side.card.lines[1][1] = 'startDay';
        screen.toolbar[0].field = 'words';
        screen.columns.push('poNumber');
      },
    });
    expect(problemsOf(dir)).toEqual([
      'screens/serviceSearch.json /side/keep/7: unknown field startDay: entity service has no such property',
      'screens/serviceSearch.json /side/card/badgeField: unknown field step: entity service has no such property',
      'screens/serviceSearch.json /side/card/lines/1/1: unknown field startDay: entity service has no such property',
      'screens/serviceSearch.json /toolbar/0/field: unknown field words: search form service has no such property',
      // An answer column (`poNumbers` of the search form's x-answer) is known; a misspelt one is not.
      'screens/serviceSearch.json /columns/14: unknown field poNumber in a column: entity service has no such property',
    ]);
  });

  it('reports x-frozenUnless, x-owners, x-sums and an event\'s into naming unknown states or fields', () => {
    const dir = brokenCopy({
      'entities/fee.json': (fee) => {
        fee['x-frozenUnless'] = { WAITING: ['MANAGER'] };
        fee['x-owners'] = { field: 'owner' };
        fee['x-events'].TOFIX.into = { comment: 'fixComent', reason: 'fixComment' };
      },
      'entities/invoice.json': (invoice) => {
        invoice['x-sums'].amount.match = { invoiceNumber: 'numero' };
        invoice['x-sums'].amount.same = ['devise'];
      },
      'entities/capa.json': (capa) => (capa['x-frozenUnless'] = { COMPLETED: 'MANAGER' }),
    });
    expect(problemsOf(dir)).toEqual([
      'entities/capa.json /x-frozenUnless/COMPLETED: must be array',
      'entities/fee.json /x-events/TOFIX/into/comment: unknown field fixComent: entity has no such property',
      'entities/fee.json /x-events/TOFIX/into/reason: reason must be an input field of the event',
      'entities/fee.json /x-frozenUnless/WAITING: unknown state WAITING of machine fee',
      'entities/fee.json /x-owners/field: unknown field owner: entity has no such property',
      'entities/invoice.json /x-sums/amount: unknown field numero: entity has no such property',
      'entities/invoice.json /x-sums/amount: unknown field devise: entity has no such property',
    ]);
  });

  it('reports x-files with an unknown domain, a domain on two entities, or an unknown rule', () => {
    const dir = brokenCopy({
      'entities/capa.json': (capa) => (capa['x-files'] = { CAPA: {}, PHOTO: {}, FEE: {} }),
      'entities/matrix8d.json': (matrix) => (matrix['x-files'].MATRIX8D = { images: true }),
    });
    expect(problemsOf(dir)).toEqual([
      "entities/matrix8d.json /x-files/MATRIX8D/images: unknown keyword images",
      'entities/capa.json /x-files/PHOTO: unknown file domain PHOTO: not a value of enums.json fileDomain',
      'entities/fee.json /x-files/FEE: file domain FEE is already on entity capa',
      // The CAPA sheet's attachments panel named no domain: it cannot tell which one now.
      'screens/capaSearch.json /sheet/panels/0: an attachments panel of capa needs a fileType: x-files declares CAPA, PHOTO, FEE',
    ]);
  });

  it('reports a label key missing in a language where the key is used, and a file that is not JSON', () => {
    const dir = brokenCopy({
      'entities/capa.json': (capa) => (capa.properties.cost.title = 'capa.costAmount'),
      'locales/it.json': (it) => delete it['screen.capaSearch'],
    });
    writeFileSync(join(dir, 'ui', 'broken.json'), '{ "title": ');
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^ui\/broken\.json \/: not JSON: /),
      'entities/capa.json /properties/cost/title: no en label for capa.costAmount (schemas/locales/en.json)',
      'entities/capa.json /properties/cost/title: no fr label for capa.costAmount (schemas/locales/fr.json)',
      'entities/capa.json /properties/cost/title: no it label for capa.costAmount (schemas/locales/it.json)',
      'screens/capaSearch.json /title: no it label for screen.capaSearch (schemas/locales/it.json)',
    ]);
  });

  it('builds machines written as JSON and reports the broken ones: id, unknown guard, missing state, name taken', () => {
    const dir = brokenCopy({ 'entities/capa.json': (capa) => (capa['x-machine'] = 'review') });
    mkdirSync(join(dir, 'machines'), { recursive: true });
    const write = (name: string, machine: unknown) => writeFileSync(join(dir, 'machines', `${name}.json`), JSON.stringify(machine));
    const review = { id: 'review', initial: 'NEW', states: { NEW: { on: { START: { target: 'IN_PROGRESS', guard: { type: 'filled', params: { fields: ['title'] } } } } }, IN_PROGRESS: { on: { COMPLETE: 'COMPLETED' } }, COMPLETED: {} } };
    write('review', review);
    // A JSON machine is as good as one of machines/: the entity may name it, its events need labels.
    expect(problemsOf(dir)).toEqual(
      ['en', 'fr', 'it'].map((lang) => `machines/review /events/START: no ${lang} label for workflow.review.START (schemas/locales/${lang}.json)`).concat(
        ['en', 'fr', 'it'].map((lang) => `machines/review /events/COMPLETE: no ${lang} label for workflow.review.COMPLETE (schemas/locales/${lang}.json)`),
      ),
    );
    write('review', { ...review, states: { ...review.states, NEW: { on: { START: { target: 'IN_PROGRESS', guard: 'isReady' } } } } });
    write('typo', { ...review, id: 'tipo' });
    write('capa', { ...review, id: 'capa' });
    write('lost', { id: 'lost', initial: 'A', states: { A: { on: { GO: 'B' } } } });
    expect(problemsOf(dir).filter((problem) => problem.startsWith('machines/') && !problem.includes(' label '))).toEqual([
      'machines/capa.json /id: machines/ already has a machine capa',
      expect.stringMatching(/^machines\/lost\.json \/: .*'B' does not exist/),
      "machines/review.json /: unknown guard isReady (the engine's are filled, equals)",
      'machines/typo.json /id: the machine id must be its file name (typo)',
    ]);
  });

  it('is what the server checks when it loads the configuration, and what npm run check:schemas prints', () => {
    const dir = brokenCopy({ 'screens/capaSearch.json': (screen) => screen.columns.push('titel') });
    const expected = 'screens/capaSearch.json /columns/12: unknown field titel in a column: entity capa has no such property';
    expect(() => loadRegistry(dir)).toThrow(SchemaCheckError);
    expect(() => loadRegistry(dir)).toThrow(expected);
    let output = '';
    let status = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-schemas.ts', dir], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      ({ stdout: output, status } = error as { stdout: string; status: number });
    }
    expect(status).toBe(1);
    expect(output).toContain(`${dir}/${expected}`);
    expect(output).toContain(`${dir}: 1 problem`);
  }, 30_000); // a process compiled by tsx, on a shared machine
});
