import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../server/store/types';
import { demoPeople, type Person, type Who } from './demo-people';
import { Client, currentMonth, shiftDay, startWithLogins, today, type TestServer } from './helpers';

/**
 * Team planning (GET /back/bo/pln/planning/team) and the planning export (spec §7.7): only
 * assignments of services the caller sees, the filters, the .xlsx read back, the refusals.
 */
const TEAM = '/back/bo/pln/planning/team';
const EXPORT = '/back/bo/inter/spa/planning/export/';
const ROWS = '/back/bo/pln/planning/rows';
const FRENCH_LEADER = 'Chef de mission';

interface Cell {
  serviceId: number;
  number: string;
  typePlanning: string;
}
interface TeamRow {
  contactId: number;
  fullName: string;
  companyId?: number;
  days: Record<string, Cell[]>;
}
interface Team {
  from: string;
  to: string;
  days: string[];
  rows: TeamRow[];
  options: { companies: { value: number; label: string }[]; countries: { value: string }[]; contributors: { value: number }[] };
}

let server: TestServer;
let clients: Record<'admin' | 'manager' | 'inspector' | 'quality' | 'sales' | 'outsider', Client>;
let people: Record<Who, Person>;
let services: Map<number, Row>;
let companies: Map<number, Row>;
/** A draft of the brand that Atlas has not confirmed yet, with an assignment: Atlas sees it, its supplier does not yet. */
let unconfirmed: { serviceId: number; day: string };

const cellsOf = (team: Team) => team.rows.flatMap((row) => Object.entries(row.days).flatMap(([date, cells]) => cells.map((cell) => ({ ...cell, date, contactId: row.contactId, fullName: row.fullName }))));
const team = async (client: Client, query: Record<string, string | number | (string | number)[]> = {}) => {
  const reply = await client.get<Team>(TEAM, query);
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};

/** The export as the rows of its sheet (header first), read back with exceljs. */
async function exported(client: Client, query: Record<string, string | number | (string | number)[]>): Promise<{ response: Response; rows: string[][] }> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const item of [value].flat()) params.append(name, String(item));
  const response = await fetch(`${server.url}${EXPORT}?${params}`, { headers: { Cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; ') } });
  if (response.status !== 200) return { response, rows: [] };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return { response, rows };
}

beforeAll(async () => {
  ({ server, clients } = await startWithLogins(['admin', 'manager', 'inspector', 'quality', 'sales', 'outsider'] as const));
  people = await demoPeople(server.store);
  services = new Map((await server.store.all('services')).map((s) => [s.serviceId as number, s]));
  companies = new Map((await server.store.all('companies')).map((c) => [c.companyId as number, c]));
  const opened = [...services.values()].find((s) => s.universeId === 1 && s.serviceStep === 'OPENED' && s.serviceProvider === people.manager.companyId && s.supplier === people.sales.companyId && s.providerConfirmed !== true)!;
  const day = today();
  await server.db.transaction((tx) =>
    tx.insert('assignments', 'assignmentId', {
      serviceId: opened.serviceId, universeId: 1, serviceProvider: opened.serviceProvider, startDate: day, endDate: day, contactIds: [people.inspector.contactId],
      assignments: [{ contactId: people.inspector.contactId, fullName: 'Tom Becker', acronym: 'TB', typePlannings: [{ date: day, typePlanning: 'FIELD_LEADER' }] }],
    }),
  );
  unconfirmed = { serviceId: opened.serviceId as number, day };
});
afterAll(() => server?.close());

describe('demo assignments', () => {
  it('give the confirmed services of both providers a team, which is the service’s contributors', async () => {
    const seeded = (await server.store.all('assignments')).filter((a) => a.serviceId !== unconfirmed.serviceId);
    expect(new Set(seeded.map((a) => a.serviceProvider))).toEqual(new Set([people.manager.companyId, people.admin.companyId]));
    for (const assignment of seeded) {
      const service = services.get(assignment.serviceId as number)!;
      expect(service.providerConfirmed).toBe(true);
      expect(service.contributors).toEqual(assignment.contactIds);
      expect(assignment.startDate).toBe(service.startDate);
    }
    expect(seeded.filter((a) => (a.contactIds as number[]).includes(people.inspector.contactId)).length).toBeGreaterThan(seeded.length / 3);
  });
});

describe('team planning: what each caller sees', () => {
  it('Atlas sees a busy month of its own services only: a leader every day of every service, the seeded roles, the inspector among them', async () => {
    const month = await team(clients.manager);
    expect(month.from).toBe(`${currentMonth()}-01`);
    expect(month.days[0]).toBe(month.from);
    expect(month.days.at(-1)).toBe(month.to);
    const cells = cellsOf(month);
    expect(cells.length).toBeGreaterThan(10);
    for (const cell of cells) expect(services.get(cell.serviceId)!.serviceProvider).toBe(people.manager.companyId);
    expect(month.rows.map((row) => row.contactId)).toContain(people.inspector.contactId);
    expect(cells.some((cell) => cell.typePlanning === 'FIELD_BACKUP' || cell.typePlanning === 'FIELD_TRAINEE')).toBe(true);
    expect(cells.every((cell) => cell.typePlanning !== 'NOT_ON_FIELD')).toBe(true);
    const leadersByDay = new Map<string, number>();
    for (const cell of cells) if (cell.typePlanning === 'FIELD_LEADER') leadersByDay.set(`${cell.serviceId}/${cell.date}`, (leadersByDay.get(`${cell.serviceId}/${cell.date}`) ?? 0) + 1);
    for (const key of new Set(cells.map((cell) => `${cell.serviceId}/${cell.date}`))) expect(leadersByDay.get(key), key).toBe(1);
    // Its service still waiting for confirmation counts for Atlas.
    expect(cells.some((cell) => cell.serviceId === unconfirmed.serviceId)).toBe(true);
    expect(month.options.companies.map((option) => option.value)).toEqual([people.manager.companyId]);
  });

  it("another provider's planning is not shown to Atlas; the super admin and the brand see both providers", async () => {
    const stored = (await server.store.all('assignments')).filter((a) => a.universeId === 1 && (a.endDate as string) >= `${currentMonth()}-01` && (a.startDate as string) <= `${currentMonth()}-31`);
    const otherProvider = stored.filter((a) => a.serviceProvider === people.admin.companyId);
    expect(otherProvider.length).toBeGreaterThan(0);
    const atlasSees = new Set(cellsOf(await team(clients.manager)).map((cell) => cell.serviceId));
    for (const assignment of otherProvider) expect(atlasSees.has(assignment.serviceId as number)).toBe(false);
    for (const client of [clients.admin, clients.quality]) {
      const seen = await team(client);
      expect(seen.options.companies.map((option) => option.value).sort()).toEqual([people.admin.companyId, people.manager.companyId].sort());
      expect(new Set(cellsOf(seen).map((cell) => cell.serviceId)).has(otherProvider[0].serviceId as number)).toBe(true);
    }
  });

  it('the inspector sees his own company planning, as his manager does', async () => {
    const mine = await team(clients.inspector);
    const manager = await team(clients.manager);
    expect(cellsOf(mine)).toEqual(cellsOf(manager));
  });

  it('a supplier sees only the services it plays a role in; the outsider sees nothing', async () => {
    const cells = cellsOf(await team(clients.sales));
    expect(cells.length).toBeGreaterThan(0);
    // Not the service its provider has not confirmed yet.
    expect(cells.some((cell) => cell.serviceId === unconfirmed.serviceId)).toBe(false);
    for (const cell of cells) {
      const service = services.get(cell.serviceId)!;
      expect([service.supplier, service.factory, service.agent]).toContain(people.sales.companyId);
    }
    const outsider = await team(clients.outsider);
    expect(outsider.rows).toEqual([]);
    expect(outsider.options).toEqual({ companies: [], countries: [], contributors: [] });
  });
});

describe('team planning: filters and months', () => {
  it('filters by contributor, provider office and country, and keeps the filter choices of the whole month', async () => {
    const all = await team(clients.admin);
    const inspector = await team(clients.admin, { contributors: people.inspector.contactId });
    expect(inspector.rows.map((row) => row.contactId)).toEqual([people.inspector.contactId]);
    expect(inspector.options).toEqual(all.options);

    const adminOnly = cellsOf(await team(clients.admin, { companies: people.admin.companyId }));
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const cell of adminOnly) expect(services.get(cell.serviceId)!.serviceProvider).toBe(people.admin.companyId);
    expect(cellsOf(await team(clients.manager, { companies: people.admin.companyId }))).toEqual([]);

    const country = all.options.countries[0].value;
    const inCountry = cellsOf(await team(clients.admin, { countries: country }));
    expect(inCountry.length).toBeGreaterThan(0);
    expect(inCountry.length).toBeLessThan(cellsOf(all).length);
    for (const cell of inCountry) {
      const service = services.get(cell.serviceId)!;
      const place = (service.address as { country?: string } | undefined)?.country ?? companies.get(service.factory as number)!.country;
      expect(place).toBe(country);
    }
  });

  it('shows another month, and a month without assignments is empty', async () => {
    const previous = shiftDay(`${currentMonth()}-01`, -1).slice(0, 7);
    const last = await team(clients.manager, { month: previous });
    expect(last.from).toBe(`${previous}-01`);
    expect(cellsOf(last).every((cell) => cell.date.startsWith(previous))).toBe(true);
    expect((await team(clients.manager, { month: '2020-01' })).rows).toEqual([]);
  });
});

describe('planning export', () => {
  it('is a real .xlsx: one row per contributor-day of the period, in the caller’s language, same visibility', async () => {
    const from = `${currentMonth()}-01`;
    const month = await team(clients.manager);
    const { response, rows } = await exported(clients.manager, { startDate: from, endDate: month.to, planningExportType: 'CONTRIBUTOR_DAY' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="\d{8}_\d{6}_Planning\.xlsx"/);
    const [header, ...lines] = rows;
    expect(header).toEqual(['Date', 'Contributor', 'Role', 'Service', 'Type', 'Client', 'Supplier / factory', 'Country', 'City']);
    const cells = cellsOf(month);
    expect(lines.length).toBe(cells.length);
    const expected = cells.map((cell) => `${cell.date}|${cell.fullName}|${cell.number}`).sort();
    expect(lines.map((line) => `${line[0]}|${line[1]}|${line[3]}`).sort()).toEqual(expected);
    expect(new Set(lines.map((line) => line[2]))).toContain('Field leader');
    expect(lines.every((line) => line[5] === 'Maison Lumière')).toBe(true);

    // The brand's quality director, switched to French (then back).
    expect((await clients.quality.get('/back/bo/menu/locale', { locale: 'fr' })).status).toBe(200);
    const inFrench = await exported(clients.quality, { startDate: from, endDate: month.to });
    await clients.quality.get('/back/bo/menu/locale', { locale: 'en' });
    expect(inFrench.rows[0].slice(0, 3)).toEqual(['Date', 'Intervenant', 'Rôle']);
    expect(new Set(inFrench.rows.slice(1).map((line) => line[2]))).toContain(FRENCH_LEADER);
  });

  it('answers the same rows as data for the browser to write (GET /back/bo/pln/planning/rows), with the same visibility and checks', async () => {
    const query = { startDate: `${currentMonth()}-01`, endDate: (await team(clients.manager)).to };
    const { rows } = await exported(clients.manager, query);
    const reply = await clients.manager.get<{ from: string; to: string; rows: Record<string, string>[] }>(ROWS, query);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ from: query.startDate, to: query.endDate });
    const columns = ['date', 'contributor', 'role', 'service', 'type', 'client', 'site', 'country', 'city'];
    expect(reply.body.rows.length).toBeGreaterThan(0);
    expect(reply.body.rows.map((row) => columns.map((column) => row[column]))).toEqual(rows.slice(1));
    expect((await clients.outsider.get<{ rows: unknown[] }>(ROWS, query)).body.rows).toEqual([]);
    const refused = await clients.manager.get(ROWS, { startDate: query.endDate, endDate: query.startDate });
    expect(refused.status).toBe(400);
    expect((await new Client(server.url).get(ROWS, query)).status).toBe(403);
  });

  it('applies the filters of the page and of the spec (provider offices, contributors, countries)', async () => {
    const from = `${currentMonth()}-01`;
    const to = (await team(clients.admin)).to;
    const { rows } = await exported(clients.admin, { startDate: from, endDate: to, serviceProvidersHk: people.admin.companyId, contributors: people.admin.contactId });
    expect(rows.length).toBeGreaterThan(1);
    for (const line of rows.slice(1)) expect(line[1]).toBe('Alex Morgan');
    const outsider = await exported(clients.outsider, { startDate: from, endDate: to });
    expect(outsider.rows.length).toBe(1);

    // The decision maker, the sector and the season of the services.
    const all = (await exported(clients.admin, { startDate: from, endDate: to })).rows.slice(1);
    const brand = people.quality.companyId;
    expect((await exported(clients.admin, { startDate: from, endDate: to, decisionMaker: brand })).rows.length - 1).toBe(all.length);
    expect((await exported(clients.admin, { startDate: from, endDate: to, decisionMaker: people.sales.companyId })).rows.length).toBe(1);
    const numbers = new Map([...services.values()].map((service) => [String(service.number), service]));
    const sector = String(numbers.get(all[0][3])!.sector);
    const season = String(numbers.get(all[0][3])!.season);
    const narrowed = (await exported(clients.admin, { startDate: from, endDate: to, sector, season })).rows.slice(1);
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBe(all.filter((line) => numbers.get(line[3])!.sector === sector && numbers.get(line[3])!.season === season).length);
  });

  it('refuses bad periods (400), unknown criteria (400) and callers without a session (403)', async () => {
    const day = today();
    const bad: Record<string, string>[] = [
      { startDate: day, endDate: shiftDay(day, -1) },
      { startDate: day, endDate: shiftDay(day, 366) },
      { startDate: day },
      { startDate: 'yesterday', endDate: day },
      { startDate: day, endDate: day, planningExportType: 'EVERYTHING' },
      { startDate: day, endDate: day, invented: 'x' },
    ];
    for (const query of bad) {
      const { response } = await exported(clients.manager, query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect((await response.json()).level).toBe('ERROR');
    }
    expect((await exported(clients.manager, { startDate: day, endDate: shiftDay(day, 365) })).response.status).toBe(200);
    expect((await clients.manager.get(TEAM, { month: '2026-13' })).status).toBe(400);
    const anonymous = new Client(server.url);
    expect((await anonymous.get(TEAM)).status).toBe(403);
    expect((await anonymous.get(EXPORT, { startDate: day, endDate: day })).status).toBe(403);
  });
});
