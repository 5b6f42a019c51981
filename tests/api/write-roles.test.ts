import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithLogins, type Client, type TestServer } from './helpers';
import { createService, expectRefused, network, wizardBody, type Network } from './service-fixtures';

/**
 * Fields only some permission flags may set (`x-writeRoles`, spec §6.2): the assessment method of
 * a service changes with any of the three assessment flags. Without one, a create that sets
 * another method than the default, or an edit that changes the stored one, is a 403 naming the
 * field, and nothing is written.
 */
const ASSESSMENT = ['ASSESSMENT_INTERNAL', 'ASSESSMENT_THIRD_PARTY', 'ASSESSMENT_SELF'];

let server: TestServer;
let quality: Client;
let buyer: Client;
let net: Network;

beforeAll(async () => {
  ({ server, clients: { quality, buyer } } = await startWithLogins(['quality', 'buyer'] as const));
  net = await network(server.store);
});
afterAll(() => server?.close());

const stored = async (id: number) => (await server.store.get('services', id))!;
const holdsAssessmentFlag = async (client: Client) => ((await client.get('/back/auth/profile')).body.roles as string[]).some((flag) => ASSESSMENT.includes(flag));

describe('the assessment method of a service (x-writeRoles)', () => {
  it('the demo accounts differ: the quality director holds an assessment flag, the buyer none', async () => {
    expect(await holdsAssessmentFlag(quality)).toBe(true);
    expect(await holdsAssessmentFlag(buyer)).toBe(false);
  });

  it('on create: another method than the default needs an assessment flag (403 naming the field, nothing written)', async () => {
    const refused = await expectRefused(server.store, () => buyer.post('/back/bo/services', wizardBody(net, { service: { assessmentMethod: 'INTERNAL' } })), 403);
    expect(refused.body).toMatchObject({
      exception: 'AccessDeniedException',
      message: 'Your profile may not change these fields',
      errors: [{ path: '/service/assessmentMethod', message: 'your profile may not change this value' }],
    });
    expect((await createService(buyer, wizardBody(net, { service: { assessmentMethod: 'THIRD_PARTY' } }))).assessmentMethod).toBe('THIRD_PARTY');
    expect((await createService(buyer, wizardBody(net))).assessmentMethod).toBe('THIRD_PARTY');
    expect((await createService(quality, wizardBody(net, { service: { assessmentMethod: 'INTERNAL' } }))).assessmentMethod).toBe('INTERNAL');
  });

  it('on edit: changing the stored method needs an assessment flag; keeping it does not', async () => {
    const internal = await createService(quality, wizardBody(net, { service: { assessmentMethod: 'INTERNAL' } }));
    const id = internal.serviceId as number;
    // The buyer of the same company may edit the sheet, and keeps the method as it is.
    const kept = await buyer.put(`/back/bo/services/${id}`, { version: (await stored(id)).version, service: { ...(await stored(id)), standardMessage: 'Kept' } });
    expect(kept.status, kept.text).toBe(200);
    expect(await stored(id)).toMatchObject({ assessmentMethod: 'INTERNAL', standardMessage: 'Kept' });

    const changed = await expectRefused(
      server.store,
      async () => buyer.put(`/back/bo/services/${id}`, { version: (await stored(id)).version, service: { ...(await stored(id)), assessmentMethod: 'SELF_ASSESSMENT' } }),
      403,
      [id],
    );
    expect(changed.body.errors).toEqual([{ path: '/service/assessmentMethod', message: 'your profile may not change this value' }]);

    const byQuality = await quality.put(`/back/bo/services/${id}`, { version: (await stored(id)).version, service: { ...(await stored(id)), assessmentMethod: 'SELF_ASSESSMENT' } });
    expect(byQuality.status, byQuality.text).toBe(200);
    expect((await stored(id)).assessmentMethod).toBe('SELF_ASSESSMENT');
  });
});
