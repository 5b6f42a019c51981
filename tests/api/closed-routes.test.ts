import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins, type Client, type TestServer } from './helpers';

/**
 * The screens a person may not open are named to the SPA by their routes only (`closedRoutes` of
 * GET /back/schemas), so that a link to one answers "not allowed" rather than "not built yet".
 */
let server: TestServer;
let quality: Client, admin: Client;

beforeAll(async () => {
  ({ server, clients: { quality, admin } } = await startWithLogins(['quality', 'admin']));
});
afterAll(() => server?.close());

describe('closed routes', () => {
  it('the workflow viewer (SUPER_ADMIN) is a closed route for a manager, an open screen for the platform administrator', async () => {
    const forManager = (await quality.get('/back/schemas')).body;
    expect(forManager.closedRoutes).toContain('/admin/workflows');
    expect(forManager.screens.map((screen: { route: string }) => screen.route)).not.toContain('/admin/workflows');
    // Routes only: nothing else of a closed screen is sent.
    expect(forManager.closedRoutes.every((route: unknown) => typeof route === 'string' && route.startsWith('/'))).toBe(true);
    const forAdmin = (await admin.get('/back/schemas')).body;
    expect(forAdmin.closedRoutes).not.toContain('/admin/workflows');
    expect(forAdmin.screens.map((screen: { route: string }) => screen.route)).toContain('/admin/workflows');
  });
});
