import { Hono } from 'hono';
import type { ServiceSide } from '../../machines/service';
import { sideOfCompanyRole } from '../../machines/serviceRoles';
import type { AppEnv, Caller } from '../context';
import { HttpError } from '../errors';
import { expectedVersion } from '../resources/write';
import type { Row } from '../store/types';
import { requireServiceCreator, visibleService } from './access';
import { checkWizard, createOrMerge, editService, mergeTarget } from './createService';
import { tellProvider } from './notify';
import { PO_LINES, linesOf } from './lines';
import { presentService } from './present';
import { numberParam, readObject, serviceCaller, serviceInReach } from './routeHelpers';
import { departmentOfType } from './wizardRules';

/** The company's service defaults the light wizard's form does not show but carries (docs/settings.md). */
const CARRIED_DEFAULTS = ['serviceLevel', 'servicePartyType', 'assessmentMethod', 'sector', 'standardMessage'];

/**
 * The light wizard (`/back/bo/quickService`): one flat body turned into the full wizard body
 * (one PO line, roles from the caller's company), the same rules and answers; field errors
 * come back on the flat fields (`/poNumber`, `/quantity`, `/startDate`, …).
 */
const SERVICE_FIELDS = ['type', 'client', 'supplier', 'factory', 'serviceProvider', 'startDate', 'endDate', 'exFactoryDate', 'orderTakerContacts', ...CARRIED_DEFAULTS];
/** The PO line's fields; `customFieldOrder` holds its ORDER custom values (checked as the full wizard's). */
const LINE_FIELDS = ['poNumber', 'designation', 'quantity', 'unit', 'customFieldOrder'];
const QUICK_KEYS = [...SERVICE_FIELDS, ...LINE_FIELDS];
/** Shown by GET, read-only (service.json): a PUT of what GET returned carries them, and they are ignored. */
const SHOWN_ONLY = ['serviceId', 'number'];

const defined = (row: Row): Row => Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));

/** The side the caller's company takes: the slot it fills, else the first side its roles hold (decision maker first). */
function quickRole(caller: Caller, service: Row): ServiceSide {
  const company = caller.company.companyId;
  if (service.client === company) return 'DECISION_MAKER';
  if (['supplier', 'factory'].some((slot) => service[slot] === company)) return 'ORDER_TAKER';
  if (service.serviceProvider === company) return 'SERVICE_PROVIDER';
  const held = caller.company.roles.map(sideOfCompanyRole);
  return (['DECISION_MAKER', 'ORDER_TAKER'] as const).find((side) => held.includes(side)) ?? 'SERVICE_PROVIDER';
}

const quickService = (flat: Row): Row => defined({ ...Object.fromEntries(SERVICE_FIELDS.map((field) => [field, flat[field]])), thirdPartyDepartment: departmentOfType(flat.type) });

/**
 * The flat line fields given, written over the PO line `line` (the first line of an edited
 * service: the fields not given keep its values). None given: the line as it was, or no line
 * (so the "at least one PO line" rule speaks).
 */
function quickLine(flat: Row, line?: Row): Row[] {
  if (LINE_FIELDS.every((field) => flat[field] === undefined)) return line ? [line] : [];
  const quantity = { ...(line?.orderedQuantity as Row | undefined), ...defined({ quantity: flat.quantity, unit: flat.unit }) };
  return [{ ...line, ...defined({ poNumber: flat.poNumber, designation: flat.designation, customFieldOrder: flat.customFieldOrder }), orderedQuantity: quantity }];
}

const FLAT_PATHS: [RegExp, string][] = [
  [/^\/service\/thirdPartyDepartment/, '/type'],
  [/^\/service/, ''],
  [/^\/purchaseOrderLines\/0\/orderedQuantity\/unit/, '/unit'],
  [/^\/purchaseOrderLines\/0\/orderedQuantity.*/, '/quantity'],
  [/^\/purchaseOrderLines\/0/, ''],
  [/^\/purchaseOrderLines$/, '/poNumber'],
];

const flatPath = (path: string) => {
  const rule = FLAT_PATHS.find(([pattern]) => pattern.test(path));
  return rule ? path.replace(rule[0], rule[1]) : path;
};

/** Runs a wizard write with field errors moved onto the flat fields. */
async function onFlatFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpError) || error.exception !== 'ValidationException') throw error;
    const errors = error.errors.map((field) => ({ ...field, path: flatPath(field.path) }));
    throw new HttpError(error.status, error.exception, error.key, error.params, errors);
  }
}

/** A service as the light wizard shows it: its flat fields from the service and its first PO line. */
function flatView(service: Row): Row {
  const line = linesOf(service, PO_LINES)[0] ?? {};
  const quantity = (line.orderedQuantity ?? {}) as Row;
  return defined({
    ...Object.fromEntries(SHOWN_ONLY.map((field) => [field, service[field]])),
    version: service.version,
    ...Object.fromEntries(SERVICE_FIELDS.map((field) => [field, service[field]])),
    poNumber: line.poNumber,
    designation: line.designation,
    quantity: quantity.quantity,
    unit: quantity.unit,
    customFieldOrder: line.customFieldOrder,
  });
}

export function quickServiceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const one = '/back/bo/quickService/:id{[0-9]+}';

  app.get(one, async (c) => {
    const caller = serviceCaller(c);
    return c.json(flatView(await visibleService(c.get('services').db, numberParam(c, 'id'), caller)));
  });

  app.post('/back/bo/quickService', async (c) => {
    const caller = serviceCaller(c);
    requireServiceCreator(caller);
    const { db, registry } = c.get('services');
    const flat = await readObject(c, QUICK_KEYS);
    const service = quickService(flat);
    const body = { roles: [quickRole(caller, service)], service, purchaseOrderLines: quickLine(flat), laboratoryLines: [] };
    const result = await db.transaction((tx) =>
      onFlatFields(async () => {
        const input = await checkWizard(tx, registry, caller, body);
        return createOrMerge(tx, registry, caller, input, await mergeTarget(tx, caller, input.service));
      }),
    );
    await tellProvider(c, caller, result);
    return c.json({ service: await presentService(db, result.service, caller), created: result.created }, result.created ? 201 : 200);
  });

  app.put(one, async (c) => {
    const caller = serviceCaller(c);
    const { db, registry } = c.get('services');
    await serviceInReach(c, caller);
    const flat = await readObject(c, [...QUICK_KEYS, ...SHOWN_ONLY, 'version']);
    const version = expectedVersion(flat.version, true)!;
    const id = numberParam(c, 'id');
    const updated = await db.transaction(async (tx) => {
      const existing = await visibleService(tx, id, caller);
      const entity = registry.entities.get('service')!;
      const clientFields = Object.fromEntries(Object.entries(existing).filter(([key]) => !entity.serverOwned.has(key)));
      const [first, ...others] = linesOf(existing, PO_LINES);
      const body = { service: { ...clientFields, ...quickService(flat) }, purchaseOrderLines: [...quickLine(flat, first), ...others] };
      return onFlatFields(() => editService(tx, registry, caller, id, body, version));
    });
    return c.json(await presentService(db, updated, caller));
  });

  return app;
}
