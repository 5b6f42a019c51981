import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, shot, signIn } from './helpers';
import { chunkOf, holdBack } from './heldChunks';

/**
 * A record page, the service sheet and a wizard ask what they show first (the record, the open tab's
 * lists, the wizard's source) as soon as their route shows, while their code is still on its way, and
 * take those answers: each is asked once, on a cold load as on a move inside the app
 * (docs/schemas.md "Loading a screen"). The built chunks are named by what they hold
 * (dist/.vite/chunk-modules.json, written by the build).
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };


/** Every GET the page makes from now on (path and query). */
function recordGets(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET') asked.push(`${url.pathname}${url.search}`);
  });
  return asked;
}

/** The GETs of `paths` among `asked`, counted. */
const countedIn = (asked: string[], paths: string[]) => Object.fromEntries(paths.map((path) => [path, asked.filter((each) => each === path).length]));

/** The last number of the page's address (the record it shows). */
const idInAddress = (page: Page) => Number(new URL(page.url()).pathname.split('/').filter(Boolean).at(-1));

const once = (paths: string[]) => Object.fromEntries(paths.map((path) => [path, 1]));

/** Asked while the screen's code is held back, then the page draws from those answers: each GET made once. */
async function coldLoad(page: Page, route: string, screenModule: string, gets: string[], drawn: () => Promise<void>, name: string) {
  const code = await holdBack(page, [chunkOf(screenModule)]);
  const asked = recordGets(page);
  const counted = () => countedIn(asked, gets);
  await page.goto(route);
  await expect.poll(counted, { message: 'asked while the screen\'s code is held back' }).toEqual(once(gets));
  await expect.poll(() => [...code.held], { message: 'the screen\'s code is asked and held meanwhile' }).toContain(chunkOf(screenModule));
  code.release();
  await drawn();
  await shot(page, name);
  // Late readers (a panel drawn after the header) had their chance to ask again: they took the early answers.
  await page.waitForTimeout(1500);
  expect(counted()).toEqual(once(gets));
}

test('the service sheet asks the service and its date lines once, before its code has arrived, and once again on a move inside the app', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  const [first] = (await (await page.request.get('/back/bo/services/', { headers: XHR })).json()).services as { serviceId: number; number: string }[];
  const getsOf = (id: number) => [`/back/bo/services/${id}`, `/back/bo/serviceDateLines/${id}`, `/back/bo/servicenotes/${id}`];
  await coldLoad(page, `/services/${first.serviceId}`, 'app/pages/services/sheet/ServiceSheetPage.tsx', getsOf(first.serviceId), () =>
    expect(page.getByTestId('service-number')).toHaveText(first.number), 'record-speed-service-sheet');
  await expect(page.getByTestId('date-line').first()).toBeVisible();

  // Inside the app: back to the search, then a service's sheet from its row.
  await page.getByRole('link', { name: en('serviceSheet.back') }).click();
  const row = page.locator('.ag-row').first();
  await expect(row).toBeVisible();
  const asked = recordGets(page);
  await row.click();
  await expect(page).toHaveURL(/\/services\/\d+$/);
  await expect(page.getByTestId('service-number')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(countedIn(asked, getsOf(idInAddress(page)))).toEqual(once(getsOf(idInAddress(page))));
});

test('a fee sheet (an engine record page) asks its record once, before its code has arrived, and once on a move from its search', async ({ page }) => {
  await signIn(page, ACCOUNTS.manager);
  const [first] = (await (await page.request.get('/back/bo/fee/', { headers: XHR })).json()) as { feeIdHK: number; number: string }[];
  await coldLoad(page, `/billing/fees/${first.feeIdHK}`, 'engine/record/RecordScreen.tsx', [`/back/bo/fee/${first.feeIdHK}`], async () => {
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(first.number) })).toBeVisible();
    await expect(page.locator('.ag-row').first()).toBeVisible();
  }, 'record-speed-fee-sheet');

  await page.goto('/billing/fees/search');
  const row = page.locator('.ag-row').first();
  await expect(row).toBeVisible();
  const asked = recordGets(page);
  await row.click();
  await expect(page).toHaveURL(/\/billing\/fees\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: /FS-/ })).toBeVisible();
  await page.waitForTimeout(1500);
  const gets = [`/back/bo/fee/${idInAddress(page)}`];
  expect(countedIn(asked, gets)).toEqual(once(gets));
});

test('the report wizard asks its report once, before its code has arrived; opened from the sheet, the missing report and the new one\'s values once each', async ({ page }) => {
  // As the Lighthouse bench sees it: the brand's quality manager opens a service's report.
  await signIn(page, ACCOUNTS.quality);
  const overviewsOf = async (query: string) => {
    const services = (await (await page.request.get(`/back/bo/services/${query}`, { headers: XHR })).json()).services as { serviceId: number }[];
    return Promise.all(services.map(async ({ serviceId }) => ({ serviceId, ...(await (await page.request.get(`/back/bo/reports/${serviceId}/overview`, { headers: XHR })).json()) })));
  };
  // One the manager may read now (specs before this one move services: a report is nobody's while its service is reopened).
  const reported = (await overviewsOf('')).find((overview) => overview.exists && overview.rights.report !== 'NONE');
  if (!reported) throw new Error('the demo data lacks a service with a report');
  const stepTitle = (page: Page) => page.locator('[data-active-step="quantities"]');
  await coldLoad(page, `/services/${reported.serviceId}/report`, 'engine/wizard/WizardScreen.tsx', [`/back/bo/reports/${reported.serviceId}`], () =>
    expect(stepTitle(page)).toBeVisible(), 'record-speed-report-wizard');

  // The inspector writes a report for a confirmed service that has none.
  await signIn(page, ACCOUNTS.inspector);
  const blank = (await overviewsOf('?serviceSteps=CONFIRMED')).find((overview) => !overview.exists && overview.rights.report === 'WRITE');
  if (!blank) throw new Error('the demo data lacks a confirmed service without a report the inspector may write');
  // Inside the app: the sheet of a service without a report, then its "new report" button.
  await page.goto(`/services/${blank.serviceId}`);
  await expect(page.getByTestId('report-none')).toBeVisible();
  const gets = [`/back/bo/reports/${blank.serviceId}`, `/back/bo/reports/${blank.serviceId}/default`];
  const asked = recordGets(page);
  await page.getByRole('link', { name: en('serviceSheet.report.new') }).click();
  await expect(stepTitle(page)).toBeVisible();
  await page.waitForTimeout(1500);
  expect(countedIn(asked, gets)).toEqual(once(gets));
});
