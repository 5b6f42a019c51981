import { expect, test } from './axe';
import { ACCOUNTS, en, shot, signIn } from './helpers';
import { chunkOf, holdBack } from './heldChunks';

/**
 * A search page's first results come from a search started as soon as its route shows, while the
 * screen's code and its grid are still on their way; the filter form's code loads only when the
 * filters open (docs/schemas.md "First search"). The built chunks are named by what they hold
 * (dist/.vite/chunk-modules.json, written by the build).
 */
const ROUTE = '/services/search';
const SEARCH = '/back/bo/services/';


test('the first search starts before the search screen and grid code arrive, and is asked once', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  const code = await holdBack(page, [chunkOf('engine/search/SearchScreen.tsx'), chunkOf('engine/grid/SchemaGrid.tsx')]);
  const searches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === SEARCH) searches.push(request.url());
  });
  const firstSearch = page.waitForRequest((request) => new URL(request.url()).pathname === SEARCH);
  await page.goto(ROUTE);
  const asked = await firstSearch;
  expect(new URL(asked.url()).searchParams.get('fromDate'), 'the first search is the ±7-day period').toMatch(/^\d{4}-\d{2}-\d{2}$/);
  // The screen's title (the header's, not repeated) and description show while its code is held back.
  await expect(page.getByRole('heading', { name: en('screen.serviceSearch'), exact: true })).toHaveCount(1);
  await expect(page.getByText(en('screen.serviceSearch.description'), { exact: true })).toBeVisible();
  await shot(page, 'search-speed-waiting-for-code');
  expect([...code.held], 'the search screen code was still held when the search went out').toContain(chunkOf('engine/search/SearchScreen.tsx'));
  code.release();
  await expect(page.locator('.ag-row').first()).toBeVisible();
  await shot(page, 'search-speed-results');
  // The screen took the early answer: no second call for the same search (the period settles after 1 s).
  await page.waitForTimeout(1500);
  expect(searches).toHaveLength(1);
});

test('the filter form code loads when the filters open, not with the search page', async ({ page }) => {
  const formChunk = chunkOf('engine/form/SchemaForm.tsx');
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
  await signIn(page, ACCOUNTS.quality);
  await page.goto(ROUTE);
  await expect(page.locator('.ag-row').first()).toBeVisible();
  expect(loaded).not.toContain(formChunk);
  await page.getByRole('button', { name: en('engine.search.filters'), exact: true }).click();
  const panel = page.getByRole('complementary', { name: en('engine.search.filters') });
  await expect(panel.getByRole('button', { name: en('engine.search.apply') })).toBeVisible();
  expect(loaded).toContain(formChunk);
});

test('behind login the session and the shell\'s code are asked while the first language\'s strings are still on their way', async ({ page }) => {
  await signIn(page, ACCOUNTS.quality);
  // The strings are hashed JSON assets (app/i18n/i18n.ts): hold them back.
  let releaseStrings = () => {};
  const stringsReleased = new Promise<void>((resolve) => (releaseStrings = resolve));
  const heldStrings: string[] = [];
  await page.route(/\/assets\/[^/]+\.json$/, async (route) => {
    heldStrings.push(route.request().url());
    await stringsReleased;
    await route.continue();
  });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  // Asked only after the first render, they would wait for the held strings and never come.
  const session = page.waitForRequest((request) => new URL(request.url()).pathname === '/back/auth/session', { timeout: 15_000 });
  const shellCode = page.waitForRequest((request) => new URL(request.url()).pathname === chunkOf('app/shell/shellPages.ts'), { timeout: 15_000 });
  await page.goto(ROUTE, { waitUntil: 'commit' });
  await Promise.all([session, shellCode]);
  await expect.poll(() => heldStrings.length, { message: 'the strings are asked and held' }).toBeGreaterThan(0);
  await expect(page.locator('#root'), 'nothing is drawn before the strings').toBeEmpty();
  releaseStrings();
  await expect(page.locator('.ag-row').first()).toBeVisible();
  expect(asked.filter((path) => path === '/back/auth/session'), 'the session is asked once').toHaveLength(1);
});
