import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, loginAs, startServer, type TestServer } from './helpers';

/**
 * A live alert links to the record it is about (its page, or its search screen with `?open=<id>`),
 * never to a bare list, and the record behind the link exists and opens for the alert's reader.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

interface Screen {
  route: string;
  entity?: string;
  sheet?: unknown;
}

describe('live alert links', () => {
  it('point at one record the reader can open', async () => {
    const quality = await loginAs(server, ACCOUNTS.quality);
    const schemas = (await quality.get('/back/schemas')).body as { screens: Screen[]; entities: Record<string, { 'x-api': string }> };
    const { alerts } = (await quality.get('/back/alerts/')).body as { alerts: { title: string; titleLink?: string }[] };
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) {
      const link = alert.titleLink ?? '';
      const service = /^\/services\/(\d+)$/.exec(link);
      const record = /^([^?]+)\?open=(\d+)$/.exec(link);
      expect(service ?? record, `${alert.title}: ${link}`).toBeTruthy();
      let api: string;
      if (service) api = `/back/bo/services/${service[1]}`;
      else {
        const screen = schemas.screens.find((candidate) => candidate.route === record![1]);
        expect(screen?.sheet, `${link} names a screen with a sheet`).toBeTruthy();
        api = `${schemas.entities[screen!.entity!]['x-api']}/${record![2]}`;
      }
      expect((await quality.get(api)).status, `${alert.title}: ${api}`).toBe(200);
    }
  });
});
