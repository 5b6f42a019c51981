import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, setAccountLocale, shot, signIn } from './helpers';
import { openInApp } from './openInApp';
import { expectNoOverflow } from './overflow';

/**
 * Words that fit and say one thing: no label is cut or pushes the page sideways in any
 * language at 1440 px; "read only" only where the caller can do nothing; a dialog's way out
 * is not named like the action it guards.
 */
const LOCALES = ['en', 'fr', 'it'] as const;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

interface ServiceView {
  serviceId: number;
  rights: { sheet: { right: string } };
  actions: string[];
}

/** The first service the signed-in caller sees that passes `match`, with its rights and actions as the sheet reads them. */
async function findService(page: Page, match: (view: ServiceView) => boolean = () => true): Promise<ServiceView | undefined> {
  const list = await page.request.get('/back/bo/services/', { params: { fromDate: '2000-01-01', toDate: '2100-12-31' }, headers: XHR });
  const { services } = (await list.json()) as { services: { serviceId: number }[] };
  for (const { serviceId } of services) {
    const view = (await (await page.request.get(`/back/bo/services/${serviceId}`, { headers: XHR })).json()) as ServiceView;
    if (match(view)) return view;
  }
  return undefined;
}

test(`no label overflows its button, badge or tab in ${LOCALES.join(', ')} at 1440 px`, async ({ page }) => {
  test.setTimeout(LOCALES.length * 120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ACCOUNTS.quality);
  for (const locale of LOCALES) {
    await setAccountLocale(page, locale);
    try {
      const service = (await findService(page))!;
      // In French and Italian the other screens are walked by accessibility.spec.ts, overflow checked too.
      const walked = ['/services/search', '/services/wizard', '/capas', '/capas/capa/search', '/capas/alert/search', '/capas/nonCompliance/search', '/capas/matrix8d/search'];
      const screens = [...(locale === 'en' ? walked : []), `/services/${service.serviceId}`, '/profileUser/personalInformation'];
      for (const [index, route] of screens.entries()) {
        // The first screen loads the app in the account's new language; the others open in it.
        if (index === 0) await page.goto(route);
        else await openInApp(page, route);
        await expectNoOverflow(page, `${route} in ${locale}`);
        await shot(page, `words-${locale}${route.replaceAll('/', '-')}`);
      }
      // The priority list's buttons, and the CAPA sheet.
      await openInApp(page, '/services/search');
      const show = page.locator('aside button[aria-expanded="false"]');
      if (await show.count()) await show.click();
      await expectNoOverflow(page, `priorities in ${locale}`);
      await openInApp(page, '/capas/capa/search');
      await page.locator('.ag-row').first().click();
      // The sheet's chunk and record load on first use: a busy machine may take more than the default 5 s.
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
      await expectNoOverflow(page, `CAPA sheet in ${locale}`);
      await shot(page, `words-${locale}-capa-sheet`);
    } finally {
      await setAccountLocale(page, 'en');
    }
  }
});

test('"read only" shows only when the caller can do nothing on the service', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ACCOUNTS.manager);
  const acting = await findService(page, (view) => view.rights.sheet.right !== 'WRITE' && view.actions.length > 0);
  expect(acting, 'a service the provider does not own but acts on').toBeTruthy();
  await page.goto(`/services/${acting!.serviceId}`);
  await expect(page.getByTestId('service-step')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: en(`serviceSheet.action.${acting!.actions.at(-1)}`) })).toBeVisible();
  await expect(page.getByTestId('read-only')).toHaveCount(0);

  await signIn(page, ACCOUNTS.sales);
  const idle = await findService(page, (view) => view.rights.sheet.right !== 'WRITE' && view.actions.length === 0);
  expect(idle, 'a service the supplier can only read').toBeTruthy();
  await page.goto(`/services/${idle!.serviceId}`);
  await expect(page.getByTestId('service-step')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('read-only')).toHaveText(en('serviceSheet.readOnly.badge'));
});

test('the cancel dialog is left with "Back", not with a second "Cancel"', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  const cancellable = await findService(page, (view) => view.actions.includes('CANCEL'));
  expect(cancellable).toBeTruthy();
  await page.goto(`/services/${cancellable!.serviceId}`);
  await page.getByRole('button', { name: en('serviceSheet.action.CANCEL') }).click();
  const dialog = page.getByRole('alertdialog').filter({ hasText: en('serviceSheet.comment') });
  await expect(dialog.getByRole('button', { name: en('serviceSheet.action.CANCEL') })).toBeVisible();
  await expect(dialog.getByRole('button', { name: en('engine.action.cancel'), exact: true })).toHaveCount(0);
  await shot(page, 'words-cancel-dialog');
  await dialog.getByRole('button', { name: en('engine.action.back'), exact: true }).click();
  await expect(dialog).toBeHidden();
});
