import type { Browser, Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, labels, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';
import { expectNoOverflow } from './overflow';

/**
 * The network (docs/network.md): the page with its graph and its links, and the link search, in
 * French and Italian at 1024 px and 1440 px with the overflow check; then an invitation made by one
 * company and accepted by the other, each in its own browser (two accounts).
 */
const WIDTHS = [1024, 1440];
type Locale = 'fr' | 'it';
const t = (locale: Locale, key: string, values: Record<string, string> = {}) => labels[locale][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page, `${name} at ${width} px`);
  }
}

const column = (page: Page, status: string) => page.getByTestId(`board-column-${status}`);
const card = (page: Page, status: string, company: string) => column(page, status).getByTestId('board-card').filter({ hasText: company });

async function openNetwork(page: Page, locale: Locale): Promise<void> {
  await page.goto('/network');
  await waitForApp(page);
  await expect(page.getByRole('heading', { name: t(locale, 'screen.network'), exact: true }).first()).toBeVisible();
  // The graph is drawn (cytoscape paints canvases into the panel) and named by its counts.
  await expect(page.getByTestId('graph').locator('canvas').first()).toBeVisible({ timeout: 15_000 });
}

async function asAccount<T>(browser: Browser, email: string, locale: Locale, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, email);
    await setAccountLocale(page, locale);
    return await work(page);
  } finally {
    await context.close();
  }
}

test.describe('the network', () => {
  restoreEnglishAfterAll(ACCOUNTS.quality);
  restoreEnglishAfterAll(ACCOUNTS.admin);
  restoreEnglishAfterAll(ACCOUNTS.manager);

  for (const locale of ['fr', 'it'] as const) {
    test(`the network page with its graph and the link search, in ${locale}`, async ({ browser }) => {
      test.setTimeout(120_000);
      await asAccount(browser, ACCOUNTS.quality, locale, async (page) => {
        await openNetwork(page, locale);
        // Maison Lumière's 15 partners of the demo universe, all ACTIVE.
        await expect(page.getByTestId('graph')).toHaveAttribute('aria-label', labels[locale]['engine.graph.label'].replace('{{nodes}}', '16').replace('{{edges}}', '15'));
        await expect(column(page, 'ACTIVE').getByTestId('board-card')).toHaveCount(15);
        await expect(card(page, 'ACTIVE', 'Shenzhen Textile Co').getByRole('button', { name: t(locale, 'workflow.networkLink.DEACTIVATE') })).toBeVisible();
        await expect(page.getByTestId('graph-legend')).toContainText(t(locale, 'enum.networkLinkStatus.ACTIVE'));
        await checkWidths(page, `${locale} /network`);
        await shot(page, `network-${locale}`);

        await page.getByRole('link', { name: t(locale, 'network.searchLinks') }).click();
        await expect(page.getByRole('heading', { name: t(locale, 'screen.networkSearch'), exact: true })).toBeVisible();
        const row = page.locator('.ag-row').filter({ hasText: 'Shenzhen Textile Co' }).first();
        await expect(row).toBeVisible({ timeout: 15_000 });
        await checkWidths(page, `${locale} /network/search`);
        await shot(page, `network-search-${locale}`);
        await row.click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByText(t(locale, 'enum.networkLinkStatus.ACTIVE')).first()).toBeVisible({ timeout: 15_000 });
        await expect(dialog.getByRole('button', { name: t(locale, 'workflow.networkLink.DEACTIVATE') })).toBeVisible();
        await checkWidths(page, `${locale} /network/search (link)`);
        await shot(page, `network-link-${locale}`);
      });
    });
  }

  test('QCFlow Admin invites Atlas Inspection in French; Atlas accepts in Italian', async ({ browser }) => {
    test.setTimeout(120_000);
    await asAccount(browser, ACCOUNTS.admin, 'fr', async (page) => {
      await openNetwork(page, 'fr');
      await expect(card(page, 'PENDING', 'Atlas Inspection')).toHaveCount(0);
      await page.getByRole('button', { name: t('fr', 'network.invite'), exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(t('fr', 'network.invite.notice'))).toBeVisible();
      const company = dialog.getByRole('combobox', { name: t('fr', 'networkLink.partnerId') });
      await company.click();
      await company.pressSequentially('Atlas', { delay: 40 });
      await page.getByRole('option', { name: 'Atlas Inspection', exact: true }).click();
      await checkWidths(page, 'fr invitation dialog');
      await shot(page, 'network-invite-fr');
      await dialog.getByRole('button', { name: t('fr', 'network.invite.submit'), exact: true }).click();
      await expect(card(page, 'PENDING', 'Atlas Inspection')).toBeVisible({ timeout: 15_000 });
      // The inviter waits: nothing to accept on its side.
      await expect(card(page, 'PENDING', 'Atlas Inspection').getByRole('button', { name: t('fr', 'workflow.networkLink.ACCEPT') })).toHaveCount(0);
      await checkWidths(page, 'fr /network with the invitation');
    });

    await asAccount(browser, ACCOUNTS.manager, 'it', async (page) => {
      await openNetwork(page, 'it');
      const invitation = card(page, 'PENDING', 'QCFlow Admin');
      await expect(invitation).toBeVisible();
      await checkWidths(page, 'it /network with an invitation to answer');
      await shot(page, 'network-invitation-it');
      await invitation.getByRole('button', { name: t('it', 'workflow.networkLink.ACCEPT') }).click();
      await expect(card(page, 'ACTIVE', 'QCFlow Admin')).toBeVisible({ timeout: 15_000 });
      await expect(column(page, 'PENDING').getByTestId('board-card')).toHaveCount(0);
      await checkWidths(page, 'it /network after accepting');
      await shot(page, 'network-accepted-it');
    });

    // Back on the inviter's side the link is ACTIVE.
    await asAccount(browser, ACCOUNTS.admin, 'fr', async (page) => {
      await openNetwork(page, 'fr');
      await expect(card(page, 'ACTIVE', 'Atlas Inspection')).toBeVisible();
    });
  });
});
