import { expect, test } from './axe';
import { readdirSync } from 'node:fs';
import { ACCOUNTS, en, login, sheet, shot, signIn, waitForApp } from './helpers';

/**
 * The workflow viewer (`type: "workflows"`, /admin/workflows): every machine of machines/ drawn
 * by Mermaid with its events, guards and roles; and a record's Workflow button, which draws its
 * machine with the record's state highlighted and the events it can take now.
 */
const MACHINES = readdirSync('generated/machines')
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

/** Mermaid (a large chunk, loaded when first used) draws in the browser: with two browsers and a test suite on 2 cores, a first drawing takes seconds. */
const DRAWN = { timeout: 15_000 };

test('the administrator sees every machine drawn, with its guards and the roles that may act', async ({ page }) => {
  await login(page, ACCOUNTS.admin, { path: '/admin/menu' });
  await page.getByRole('link', { name: en('screen.workflowAdmin') }).click();
  await expect(page).toHaveURL(/\/admin\/workflows$/);
  const list = page.getByRole('navigation', { name: en('engine.workflow.list') });
  for (const machine of MACHINES) await expect(list.getByText(machine, { exact: true }), machine).toBeVisible();

  // A record workflow: each arrow carries its event and the roles of its entity.
  await list.getByText('capa', { exact: true }).click();
  await expect(page).toHaveURL(/machine=capa/);
  const diagram = page.getByTestId('workflow-diagram');
  await expect(diagram).toHaveAttribute('data-machine', 'capa');
  await expect(diagram.locator('svg')).toBeVisible(DRAWN);
  // The technical drawing (the reader's one translates and leaves guards and roles out: readable-screens.spec.ts).
  await page.getByRole('switch', { name: en('engine.workflow.technical') }).check();
  await expect(diagram).toContainText('NEW');
  await expect(diagram).toContainText('START · MANAGER | SUPER_ADMIN');
  await expect(page.getByText(en('engine.workflow.roles', { roles: 'MANAGER | SUPER_ADMIN' }))).toBeVisible();
  await shot(page, 'workflows-capa');

  // The service workflow: guards in brackets, laid out automatically.
  await list.getByText('service', { exact: true }).click();
  // The panel is drawn anew for each machine (its switch too): wait for the service's, not the CAPA's still on screen.
  await expect(diagram).toHaveAttribute('data-machine', 'service');
  await expect(diagram.locator('svg')).toBeVisible(DRAWN);
  await page.getByRole('switch', { name: en('engine.workflow.technical') }).check();
  await expect(diagram).toContainText('CONFIRMED');
  await expect(diagram).toContainText('[byOrderTaker]');
  await shot(page, 'workflows-service');
});

test('a record’s Workflow button draws its machine with the record’s state and the events it can take now', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  const capas = (await (await page.request.get('/back/bo/capas/')).json()) as { capaId: number; status: string }[];
  const inProgress = capas.find((capa) => capa.status === 'IN_PROGRESS');
  expect(inProgress, 'a demo CAPA in progress').toBeTruthy();
  await page.goto(`/capas/capa/search?open=${inProgress!.capaId}`);
  await waitForApp(page);
  await sheet(page).getByRole('button', { name: en('engine.workflow.button') }).click();

  const dialog = page.getByRole('dialog', { name: en('engine.workflow.title', { machine: 'capa' }) });
  const diagram = dialog.getByTestId('workflow-diagram');
  await expect(diagram.locator('svg')).toBeVisible(DRAWN);
  await expect(diagram).toHaveAttribute('data-current', 'IN_PROGRESS');
  // Mermaid gives the highlighted state the class `current`.
  await expect(diagram.locator('g.current')).toHaveCount(1);
  await expect(diagram.locator('g.current')).toContainText(en('enum.capaStatus.IN_PROGRESS'));
  const now = dialog.getByTestId('workflow-now');
  await expect(now).toContainText(en('enum.capaStatus.IN_PROGRESS'));
  await expect(now).toContainText(en('workflow.capa.COMPLETE'));
  await expect(now).not.toContainText(en('workflow.capa.START'));
  await shot(page, 'workflow-of-a-capa');
});

test('the workflow screen is the administrator’s only', async ({ page }) => {
  await login(page, ACCOUNTS.quality, { path: '/admin/workflows' });
  // A screen the server closes to this account (closedRoutes) answers "not allowed", not "coming soon" (report-draft.spec.ts: in French too).
  await expect(page.getByText(en('page.forbidden.title'))).toBeVisible();
  await expect(page.getByText(en('page.notImplemented.title'))).toHaveCount(0);
  await expect(page.getByTestId('workflow-diagram')).toHaveCount(0);
});
