import { expect } from 'vitest';
import { INITIAL_FLOW, flowFields, moveService, type ServiceSide } from '../../machines/service';
import { readableNumber } from '../../server/resources/write';
import type { Row, Stored } from '../../server/store/types';
import { ACCOUNTS, shiftDay, today, type Client, type Reply, type TestStore } from './helpers';

/**
 * Services for the service API tests (never the demo-seeded ones), two ways:
 * - through the API: `wizardBody` (a valid wizard body for the quality director of Maison
 *   Lumière, decision maker, ordering a final inspection from Atlas) and `createService`;
 * - straight into the store: `insertService`, as the wizard would create it (docs/services.md),
 *   so that the workflow tests can start from any step.
 * Both use the demo companies and contacts by name (`network`).
 */
export interface Network {
  universeId: number;
  lumiere: number;
  shenzhen: number;
  ningbo: number;
  atlas: number;
  porto: number;
  como: number;
  northwind: number;
  /** A contact of Shenzhen Textile Co (order taker), one of Ningbo, one of Maison Lumière. */
  shenzhenContact: number;
  ningboContact: number;
  lumiereContact: number;
  /** Contact ids of the demo accounts by e-mail. */
  contacts: Record<string, number>;
}

export async function network(store: TestStore): Promise<Network> {
  const companies = await store.all('companies');
  const allContacts = await store.all('contacts');
  const companyRow = (name: string) => {
    const found = companies.filter((row) => row.name === name)[0];
    if (!found) throw new Error(`demo company ${name} missing`);
    return found;
  };
  const company = (name: string) => companyRow(name).companyId as number;
  const contactOf = (companyId: number) => allContacts.filter((row) => row.companyId === companyId)[0].contactId as number;
  const ids = {
    lumiere: company('Maison Lumière'),
    shenzhen: company('Shenzhen Textile Co'),
    ningbo: company('Ningbo Garment Factory'),
    atlas: company('Atlas Inspection'),
    porto: company('Porto Malhas Lda'),
    como: company('Como Seta S.r.l.'),
    northwind: company('Northwind Goods'),
  };
  const contacts = Object.fromEntries(
    Object.values(ACCOUNTS).map((email) => [email, allContacts.filter((row) => row.email === email)[0].contactId as number]),
  );
  return {
    universeId: companyRow('Maison Lumière').universeId as number,
    ...ids,
    shenzhenContact: contactOf(ids.shenzhen),
    ningboContact: contactOf(ids.ningbo),
    lumiereContact: contactOf(ids.lumiere),
    contacts,
  };
}

// ---- through the API ----

let day = 30;
/** A start date no other fixture uses (so two creations never merge by accident). */
export const freshDate = () => shiftDay(today(), day++);

export const poLine = (poNumber = 'PO-1', quantity = 1200) => ({
  poNumber,
  designation: 'Linen shirt',
  orderedQuantity: { quantity, unit: 'PIECE', packing: 'BOX' },
});

/** A valid wizard body: Maison Lumière (decision maker) orders a final inspection from Atlas at Shenzhen/Ningbo. */
export function wizardBody(net: Network, changes: { service?: Record<string, unknown>; [key: string]: unknown } = {}) {
  const startDate = freshDate();
  const { service, ...rest } = changes;
  return {
    roles: ['DECISION_MAKER'],
    purchaseOrderLines: [poLine()],
    laboratoryLines: [],
    ...rest,
    service: {
      thirdPartyDepartment: 'INSP',
      type: 'INSP_FINAL_RANDOM',
      client: net.lumiere,
      supplier: net.shenzhen,
      factory: net.ningbo,
      serviceProvider: net.atlas,
      startDate,
      endDate: shiftDay(startDate, 1),
      exFactoryDate: shiftDay(startDate, 10),
      orderTakerContacts: [net.shenzhenContact],
      ...service,
    },
  };
}

/** POSTs the body and returns the created service (fails the test otherwise). */
export async function createService(client: Client, body: unknown): Promise<any> {
  const reply = await client.post('/back/bo/services', body);
  expect(reply.status, reply.text).toBe(201);
  return reply.body.service;
}

/** The field errors of a 400 answer as `path → message`. */
export const fieldMessages = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]));

// ---- straight into the store ----

export interface ServiceFixture {
  /** The side of the creator's first date proposal (default DECISION_MAKER: quality@brand.test creates). */
  creatorSide?: ServiceSide;
  /** Creator account e-mail (default quality@brand.test). */
  creator?: string;
  startDate?: string;
  endDate?: string;
  /** Other fields, written over the defaults (parties, creatorCompany, workflow fields...). */
  fields?: Row;
}

/**
 * Inserts a new service of the demo universe the way the create route does: the creator side's
 * first date proposal as its workflow fields, and its PROPOSED date line. Returns the stored record.
 */
export async function insertService(store: TestStore, fixture: ServiceFixture = {}): Promise<Stored<Row>> {
  const net = await network(store);
  const side = fixture.creatorSide ?? 'DECISION_MAKER';
  const creatorEmail = fixture.creator ?? ACCOUNTS.quality;
  const creator = (await store.find('contacts', (row) => row.email === creatorEmail))[0];
  const startDate = fixture.startDate ?? shiftDay(today(), 14);
  const endDate = fixture.endDate ?? shiftDay(startDate, 1);
  const moved = moveService('OPENED', INITIAL_FLOW, { type: 'REQUEST_DATE', by: side, owner: true })!;
  const now = new Date().toISOString();
  return store.transaction(async (tx) => {
    const serviceId = await tx.nextId('services');
    const purchaseOrderLineId = await tx.nextId('purchaseOrderLines');
    const service = await tx.insert('services', 'serviceId', {
      serviceId,
      number: readableNumber('S-', serviceId),
      thirdPartyDepartment: 'INSP',
      type: 'INSP_FINAL_RANDOM',
      serviceLevel: 'NORMAL',
      serviceStatus: 'OK',
      locked: false,
      startDate,
      endDate,
      exFactoryDate: shiftDay(startDate, 7),
      servicePartyType: 'SOURCE',
      assessmentMethod: 'THIRD_PARTY',
      client: net.lumiere,
      supplier: net.shenzhen,
      serviceProvider: net.atlas,
      orderTakerContacts: [],
      customFieldService: {},
      tags: [],
      contributors: [],
      purchaseOrderLines: [
        { purchaseOrderLineId, poNumber: `PO-WF-${serviceId}`, designation: 'Linen shirt', orderedQuantity: { quantity: 1200, unit: 'PIECE', packing: 'BOX' } },
      ],
      laboratoryLines: [],
      ...flowFields(moved.step, moved.flow, today()),
      creatorSide: side,
      creator: creator.contactId,
      creatorCompany: creator.companyId,
      creationDate: now,
      updateDate: now,
      updatedBy: creator.contactId,
      universeId: net.universeId,
      ...fixture.fields,
    });
    await tx.insert('serviceDateLines', 'dateLineId', {
      serviceId,
      startDate,
      endDate,
      status: 'PROPOSED',
      proposedBy: side,
      proposedByContact: creator.contactId,
      proposedAt: now,
    });
    return service;
  });
}

// ---- nothing written ----

/** What the service calls write: services, their date lines, notes, history and priorities, and the live alerts. */
const SERVICE_COLLECTIONS = ['services', 'serviceDateLines', 'serviceNotes', 'serviceHistory', 'servicePriorities', 'alerts'];

/** The service collections as stored now: the same after a refused call. */
const serviceData = async (store: TestStore) =>
  Object.fromEntries(await Promise.all(SERVICE_COLLECTIONS.map(async (collection) => [collection, await store.all(collection)] as const)));

/** Everything stored about one service (its record, date lines, notes, history and the alerts pointing at it): the same after a refused call. */
export const footprint = async (store: TestStore, serviceId: number) => ({
  service: await store.get('services', serviceId),
  dateLines: await store.find('serviceDateLines', (row) => row.serviceId === serviceId),
  notes: await store.find('serviceNotes', (row) => row.serviceId === serviceId),
  history: await store.find('serviceHistory', (row) => row.serviceId === serviceId),
  alerts: await store.find('alerts', (row) => row.titleLink === `/services/${serviceId}`),
});

/**
 * The call's answer, once checked: this status, and nothing written — about these services when
 * their ids are given, else in any service collection.
 */
export async function expectRefused(store: TestStore, call: () => Promise<Reply>, status: number, serviceIds?: number[]): Promise<Reply> {
  const written = () => (serviceIds ? Promise.all(serviceIds.map((id) => footprint(store, id))) : serviceData(store));
  const before = await written();
  const reply = await call();
  expect(reply.status, reply.text).toBe(status);
  expect(await written(), 'nothing written').toEqual(before);
  return reply;
}
