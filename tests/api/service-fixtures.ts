import { expect } from 'vitest';
import type { ReadOps } from '../../server/store/types';
import { shiftDay, today, type Client } from './helpers';

/**
 * Services made through the API for the service core tests (never the demo-seeded ones):
 * the demo companies and contacts by name, and a valid wizard body for the quality
 * director of Maison Lumière (decision maker) ordering an inspection from Atlas.
 */
export interface Network {
  lumiere: number;
  shenzhen: number;
  ningbo: number;
  atlas: number;
  como: number;
  northwind: number;
  /** A contact of Shenzhen Textile Co (order taker), one of Ningbo, one of Maison Lumière. */
  shenzhenContact: number;
  ningboContact: number;
  lumiereContact: number;
}

export function network(store: ReadOps): Network {
  const company = (name: string) => store.find('companies', (row) => row.name === name)[0].companyId as number;
  const contactOf = (companyId: number) => store.find('contacts', (row) => row.companyId === companyId)[0].contactId as number;
  const ids = {
    lumiere: company('Maison Lumière'),
    shenzhen: company('Shenzhen Textile Co'),
    ningbo: company('Ningbo Garment Factory'),
    atlas: company('Atlas Inspection'),
    como: company('Como Seta S.r.l.'),
    northwind: company('Northwind Goods'),
  };
  return { ...ids, shenzhenContact: contactOf(ids.shenzhen), ningboContact: contactOf(ids.ningbo), lumiereContact: contactOf(ids.lumiere) };
}

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
