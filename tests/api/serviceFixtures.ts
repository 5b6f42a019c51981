import { INITIAL_FLOW, flowFields, moveService, type ServiceSide } from '../../machines/service';
import { readableNumber } from '../../server/resources/write';
import type { Row, Store, Stored } from '../../server/store/types';
import { ACCOUNTS, shiftDay, today } from './helpers';

/**
 * Services written straight into the test server's store, as the wizard would create them
 * (docs/services.md): a record of the demo universe, the creator side's first date proposal
 * as its workflow fields and its PROPOSED date line. Lets the workflow tests run without the
 * create route.
 */
export interface DemoParties {
  universeId: number;
  lumiere: number;
  shenzhen: number;
  atlas: number;
  porto: number;
  /** Contact ids of the demo accounts by e-mail. */
  contacts: Record<string, number>;
}

export function demoParties(store: Store): DemoParties {
  const company = (name: string) => {
    const found = store.find('companies', (row) => row.name === name)[0];
    if (!found) throw new Error(`demo company ${name} missing`);
    return found;
  };
  const lumiere = company('Maison Lumière');
  const contacts = Object.fromEntries(
    Object.values(ACCOUNTS).map((email) => [email, store.find('contacts', (row) => row.email === email)[0].contactId as number]),
  );
  return {
    universeId: lumiere.universeId as number,
    lumiere: lumiere.companyId as number,
    shenzhen: company('Shenzhen Textile Co').companyId as number,
    atlas: company('Atlas Inspection').companyId as number,
    porto: company('Porto Malhas Lda').companyId as number,
    contacts,
  };
}

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

/** Inserts a new service (and its first date line) the way the create route does; returns the stored record. */
export async function insertService(store: Store, fixture: ServiceFixture = {}): Promise<Stored<Row>> {
  const parties = demoParties(store);
  const side = fixture.creatorSide ?? 'DECISION_MAKER';
  const creatorEmail = fixture.creator ?? ACCOUNTS.quality;
  const creator = store.find('contacts', (row) => row.email === creatorEmail)[0];
  const startDate = fixture.startDate ?? shiftDay(today(), 14);
  const endDate = fixture.endDate ?? shiftDay(startDate, 1);
  const moved = moveService('OPENED', INITIAL_FLOW, { type: 'REQUEST_DATE', by: side, owner: true })!;
  const now = new Date().toISOString();
  return store.transaction((tx) => {
    const serviceId = tx.nextId('services');
    const service = tx.insert('services', 'serviceId', {
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
      client: parties.lumiere,
      supplier: parties.shenzhen,
      serviceProvider: parties.atlas,
      orderTakerContacts: [],
      customFieldService: {},
      tags: [],
      contributors: [],
      purchaseOrderLines: [
        { purchaseOrderLineId: tx.nextId('purchaseOrderLines'), poNumber: `PO-WF-${serviceId}`, designation: 'Linen shirt', orderedQuantity: { quantity: 1200, unit: 'PIECE', packing: 'BOX' } },
      ],
      laboratoryLines: [],
      ...flowFields(moved.step, moved.flow, today()),
      creatorSide: side,
      creator: creator.contactId,
      creatorCompany: creator.companyId,
      creationDate: now,
      updateDate: now,
      updatedBy: creator.contactId,
      universeId: parties.universeId,
      ...fixture.fields,
    });
    tx.insert('serviceDateLines', 'dateLineId', {
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
