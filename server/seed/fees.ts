import { computeRecord } from '../../engine/schema/computed';
import { readableNumber } from '../resources/write';
import type { Registry } from '../schemas';
import type { Row, WriteOps } from '../store/types';
import type { CompanyKey, DemoIdentity } from './identity';
import { addDays, round2, spreadDates, type Random } from './random';
import * as text from './texts';

/**
 * Demo fee sheets (expense sheets) of Atlas Inspection's inspectors over six months, every status
 * among the newest, with 1–5 lines of travel and living costs, some naming Atlas's services;
 * plus two of Northwind in the other universe. Totals come from the schema's own `x-computed`.
 */
interface Ctx {
  tx: WriteOps;
  random: Random;
  today: string;
  identity: DemoIdentity;
  schema: Row;
}

/** Trips: from, to, km (the km allowance and travel time follow the distance). */
const TRIPS: [string, string, number][] = [
  ['Lyon', 'Paris', 465],
  ['Lyon', 'Marseille', 315],
  ['Lyon', 'Milan', 440],
  ['Paris', 'Lille', 225],
  ['Porto', 'Guimarães', 55],
  ['Istanbul', 'Bursa', 155],
  ['Shenzhen', 'Guangzhou', 140],
  ['Dhaka', 'Chittagong', 250],
];
const STATES = ['CREATED', 'TOVALIDATE', 'TOFIX', 'VALID'];
const FIX_COMMENTS = [
  'Hotel receipt missing for the second night: please attach it.',
  'The train ticket is in first class: please use the second-class fare.',
];
/** What inspectors write on their own sheets. */
const SHEET_COMMENTS = [
  'Two nights at the factory: the audit ran over into the second day.',
  'Rental car shared with the lab technician; fuel paid by me.',
  'Taxi from the station, no bus at that hour.',
];
const KM_INDEX = 0.6;
const dayOfMonth = (day: string) => Number(day.slice(8, 10));

const amount = (random: Random, min: number, max: number) => round2(random.int(min * 100, max * 100) / 100);

/** One line: a trip by car or train, a night or not, meals, now and then a taxi, a flight or other costs. */
function feeLine(ctx: Ctx, day: string, contributors: number[], services: number[], globalKmFee: boolean): Row {
  const { random } = ctx;
  const [startCity, destinationCity, km] = random.pick(TRIPS);
  const byCar = random.chance(0.45);
  const travel = byCar
    ? globalKmFee
      ? { kmFee: round2(km * KM_INDEX) }
      : { fixed: amount(random, 20, 60), fuel: round2(km * 0.09), toll: amount(random, 5, 40) }
    : { train: amount(random, 35, 180), ...(random.chance(0.4) ? { taxi: amount(random, 12, 45) } : {}) };
  return {
    date: day,
    contributors,
    ...(services.length && random.chance(0.6) ? { services: random.sample(services, 1) } : {}),
    startCity,
    destinationCity,
    travelDistance: km,
    travelDurationMin: Math.round((km / (byCar ? 85 : 110)) * 60),
    duration: random.pick([4, 7.5, 8, 9]),
    ...travel,
    ...(random.chance(0.15) ? { flight: amount(random, 120, 450) } : {}),
    ...(random.chance(0.6) ? { hotel: amount(random, 70, 160) } : {}),
    meal: amount(random, 15, 45),
    ...(random.chance(0.2) ? { other: amount(random, 5, 30) } : {}),
    status: 'CREATED',
  };
}

/** The newest sheets cover every status; older ones were mostly validated. */
const statusFor = (random: Random, index: number, count: number) => (index >= count - STATES.length ? STATES[count - 1 - index] : random.chance(0.8) ? 'VALID' : 'TOVALIDATE');

async function insertSheet(ctx: Ctx, owner: CompanyKey, universe: 'main' | 'other', day: string, status: string, services: number[], fixed: boolean): Promise<void> {
  const { random, identity, tx } = ctx;
  const inspectors = identity.staff[owner].filter((id) => id !== identity.accounts.manager);
  const contributors = owner === 'atlas' && random.chance(0.5) ? [identity.accounts.inspector] : random.sample(inspectors, random.int(1, 2));
  const manager = owner === 'atlas' ? identity.accounts.manager : identity.accounts.outsider;
  const globalKmFee = random.chance(0.3);
  const lineDays = Array.from({ length: random.int(1, 5) }, (_, i) => addDays(day, -i)).reverse();
  const sheet: Row = {
    creationDate: day,
    reference: `MIS-${day.slice(0, 7).replace('-', '')}-${random.int(100, 999)}`,
    type: random.chance(0.85) ? 'FEE' : 'OFFICE',
    status,
    businessUnit: owner === 'atlas' ? random.pick(text.businessUnits) : 'North America',
    legalUnit: owner === 'atlas' ? random.pick(text.legalUnits) : 'Northwind Goods Inc.',
    currency: owner === 'atlas' ? 'EUR' : 'USD',
    currencyRate: 1,
    contributors,
    managerContact: manager,
    companyTransport: random.chance(0.2),
    globalKmFee,
    kmFee: globalKmFee,
    kmIndex: KM_INDEX,
    taxHorsepower: random.int(4, 7),
    fixCount: status === 'TOFIX' || fixed ? 1 : 0,
    // The inspector's own comment (on every other day, without drawing: the seed's sequence stays as it was);
    // a send-back's comment is the manager's, kept apart from it.
    ...(status === 'TOFIX' || dayOfMonth(day) % 2 === 0 ? { comment: SHEET_COMMENTS[dayOfMonth(day) % SHEET_COMMENTS.length] } : {}),
    ...(status === 'TOFIX' ? { fixComment: random.pick(FIX_COMMENTS) } : {}),
    ...(status === 'VALID' ? { validatorContact: manager, validationDate: addDays(day, Math.min(3, Math.max(0, (Date.parse(ctx.today) - Date.parse(day)) / 86_400_000))) } : {}),
    feeLines: lineDays.map((lineDay, i) => ({ feeLineId: i + 1, ...feeLine(ctx, lineDay, contributors, services, globalKmFee) })),
    companyId: identity.companies[owner],
    universeId: identity.universes[universe],
  };
  const id = tx.nextId('fees');
  tx.insert('fees', 'feeIdHK', { ...(await computeRecord(ctx.schema, sheet)), feeIdHK: id, number: readableNumber('FS-', id) });
}

export async function seedFees(tx: WriteOps, registry: Registry, random: Random, today: string, identity: DemoIdentity): Promise<void> {
  const schema = registry.entities.get('fee')?.schema;
  if (!schema) return;
  const ctx: Ctx = { tx, random, today, identity, schema };
  const atlas = identity.companies.atlas;
  const atlasServices = tx.find('services', (service) => service.serviceProvider === atlas).map((service) => service.serviceId as number);
  const count = 18;
  const dates = spreadDates(random, count, new Date(`${today}T12:00:00Z`));
  for (const [index, day] of dates.entries()) {
    // The oldest sheet had been sent back once before.
    await insertSheet(ctx, 'atlas', 'main', day, statusFor(random, index, count), atlasServices, index === 0);
  }
  for (const status of ['TOVALIDATE', 'VALID']) await insertSheet(ctx, 'northwind', 'other', addDays(today, -random.int(0, 20)), status, [], false);
}
