import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenConfig } from '../../engine/config';
import { colorsOf, valueColor } from '../../engine/format/colors';
import { screenColumns } from '../../engine/grid/columns';
import { propertiesOf } from '../../engine/schema/fields';
import { ACCOUNTS, copySchemas, loginAs, ROOT, startServer, type Client, type TestServer } from './helpers';

/**
 * A config author recolours a status in their own SCHEMAS_DIR (enums.json `x-colors`, docs/schemas.md
 * "Value colours"): the server hands the new colour to the browser, and the engine paints with it —
 * no code names the status or its colour.
 */
let schemasDir: string;
let server: TestServer;
let manager: Client;

const enumsFile = (dir: string) => join(dir, 'enums.json');

beforeAll(async () => {
  schemasDir = await copySchemas();
  const enums = JSON.parse(await readFile(enumsFile(schemasDir), 'utf8'));
  enums.$defs.feeStatus['x-colors'].TOFIX = 'grape';
  await writeFile(enumsFile(schemasDir), JSON.stringify(enums, null, 2));
  server = await startServer({ schemasDir });
  manager = await loginAs(server, ACCOUNTS.manager);
});
afterAll(async () => {
  await server?.close();
  await rm(schemasDir, { recursive: true, force: true });
});

describe("a status colour changed in the config author's schemas", () => {
  it('was another colour in schemas/', async () => {
    const shipped = JSON.parse(await readFile(enumsFile(join(ROOT, 'schemas')), 'utf8'));
    expect(shipped.$defs.feeStatus['x-colors'].TOFIX).toBe('red');
  });

  it('reaches the browser in GET /back/schemas, on the enum and on the fields using it', async () => {
    const { status, body } = await manager.get('/back/schemas');
    expect(status).toBe(200);
    expect(body.enums.feeStatus['x-colors']).toEqual({ CREATED: 'blue', TOFIX: 'grape', TOVALIDATE: 'yellow', VALID: 'teal' });
    const fee = body.entities.fee;
    expect(fee['x-status']).toBe('status');
    expect(fee.properties.status['x-colors'].TOFIX).toBe('grape');
  });

  it("is the colour the engine paints the fee search grid's status badges with", async () => {
    const { body } = await manager.get('/back/schemas');
    const fee = body.entities.fee;
    const screen = body.screens.find((one: ScreenConfig) => one.route === '/billing/fees/search') as ScreenConfig;
    const status = screenColumns(screen, fee).find((column) => column.field === 'status');
    expect(status).toMatchObject({ badge: true });
    expect(valueColor('TOFIX', colorsOf(status!.schema))).toBe('grape');
    // The other statuses keep theirs.
    expect(valueColor('VALID', colorsOf(propertiesOf(fee).status))).toBe('teal');
  });
});
