import type { Page } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, expectSnack, fillDate, fr, futureDay, pick, restoreEnglishAfterAll, setAccountLocale, shot, signIn, waitForApp } from './helpers';
import { openInApp } from './openInApp';
import { acceptDatesAsClient, createProvidedService } from './providedService';

/**
 * The assignment popup (docs/services.md "Assignment"): the provider's manager puts two inspectors
 * on a confirmed 3-day service, makes the second one leader on a day (the first one is demoted),
 * meets the one-leader-per-day error, extends the end date (the last roles repeat), saves, and
 * finds it all when the popup opens again; then looks at it in French.
 */
test.describe.configure({ mode: 'serial' });
restoreEnglishAfterAll(ACCOUNTS.manager);

/** Day `day` of the month `months` ahead (early in a month: team planning shows it without scrolling). */
function dayOfMonthAhead(months: number, day: number): string {
  const now = new Date();
  const target = new Date(now.getFullYear(), now.getMonth() + months, day);
  return futureDay(Math.round((target.getTime() - new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()) / 86_400_000));
}
const MONTHS_AHEAD = 3;
const START = dayOfMonthAhead(MONTHS_AHEAD, 3);
const END = dayOfMonthAhead(MONTHS_AHEAD, 5);
const EXTENDED = dayOfMonthAhead(MONTHS_AHEAD, 6);

/** A 3-day inspection Atlas proposes to Maison Lumière, which accepts the dates: CONFIRMED. */
async function confirmedService(page: Page, browser: import('@playwright/test').Browser): Promise<{ serviceId: number; number: string }> {
  await signIn(page, ACCOUNTS.manager);
  const service = await createProvidedService(page, { startDate: START, endDate: END, exFactoryDate: dayOfMonthAhead(MONTHS_AHEAD, 20), line: { poPrefix: 'PO-ASSIGN', designation: 'Wool coat', quantity: 600 } });
  await acceptDatesAsClient(browser, service.serviceId);
  return service;
}

const dialog = (page: Page) => page.getByRole('dialog');
const roleCell = (page: Page, name: string, day: number) => dialog(page).getByRole('row').filter({ hasText: name }).getByRole('combobox').nth(day);

test('assign two inspectors day by day, extend the end date, save and reopen', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const { serviceId, number } = await confirmedService(page, browser);
  await page.goto(`/services/${serviceId}`);
  await waitForApp(page);
  await page.getByRole('button', { name: en('assignment.open'), exact: true }).click();
  await expect(dialog(page).getByText(en('assignment.distanceNote'))).toBeVisible();

  // Tom joins first: leader every day; Mei backs him up.
  await dialog(page).getByRole('button', { name: en('assignment.addNamed', { name: 'Tom Becker' }) }).click();
  await dialog(page).getByRole('button', { name: en('assignment.addNamed', { name: 'Mei Lin' }) }).click();
  await expect(dialog(page).getByTestId('role-grid').locator('thead th')).toHaveCount(4);
  for (const day of [0, 1, 2]) {
    await expect(roleCell(page, 'Tom Becker', day)).toHaveValue(en('enum.typePlanning.FIELD_LEADER'));
    await expect(roleCell(page, 'Mei Lin', day)).toHaveValue(en('enum.typePlanning.FIELD_BACKUP'));
  }
  // Mei leads the second day: Tom is demoted to backup that day only.
  await pick(page, roleCell(page, 'Mei Lin', 1), en('enum.typePlanning.FIELD_LEADER'));
  await expect(roleCell(page, 'Tom Becker', 1)).toHaveValue(en('enum.typePlanning.FIELD_BACKUP'));
  await expect(roleCell(page, 'Tom Becker', 0)).toHaveValue(en('enum.typePlanning.FIELD_LEADER'));

  // A day on the field without a leader is refused for 3 s.
  await pick(page, roleCell(page, 'Tom Becker', 2), en('enum.typePlanning.FIELD_TRAINEE'));
  await dialog(page).getByRole('button', { name: en('assignment.save'), exact: true }).click();
  await expect(dialog(page).getByTestId('assignment-error')).toHaveText(en('assignment.error.leaderPerDay'));
  await pick(page, roleCell(page, 'Tom Becker', 2), en('enum.typePlanning.FIELD_LEADER'));

  // One more day: each contributor's last role repeats.
  await fillDate(dialog(page).getByLabel(en('assignment.endDate')), EXTENDED);
  await expect(dialog(page).getByTestId('role-grid').locator('thead th')).toHaveCount(5);
  await expect(roleCell(page, 'Tom Becker', 3)).toHaveValue(en('enum.typePlanning.FIELD_LEADER'));
  await expect(roleCell(page, 'Mei Lin', 3)).toHaveValue(en('enum.typePlanning.FIELD_BACKUP'));
  await shot(dialog(page), 'assignment-en');

  await dialog(page).getByRole('button', { name: en('assignment.save'), exact: true }).click();
  await expectSnack(page, en('assignment.saved'));
  await expect(dialog(page)).toBeHidden();

  // Opened again: as saved.
  await page.getByRole('button', { name: en('assignment.open'), exact: true }).click();
  await expect(roleCell(page, 'Mei Lin', 1)).toHaveValue(en('enum.typePlanning.FIELD_LEADER'));
  await expect(roleCell(page, 'Tom Becker', 1)).toHaveValue(en('enum.typePlanning.FIELD_BACKUP'));
  await expect(roleCell(page, 'Tom Becker', 3)).toHaveValue(en('enum.typePlanning.FIELD_LEADER'));
  await expect(dialog(page).getByTestId('attendees').getByText(en('assignment.badge.leader')).first()).toBeVisible();
  // Tom has an account: the invitation (welcome e-mail) goes, and its button shows it is done.
  const tom = dialog(page).getByTestId('attendees').locator('.mantine-Paper-root').filter({ hasText: 'Tom Becker' });
  await tom.getByRole('button', { name: en('assignment.invite') }).click();
  await expect(tom.getByRole('button', { name: en('assignment.invited') })).toBeDisabled();

  // Team planning, that month: Mei leads the second day, Tom the others.
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await openInApp(page, '/planning');
  for (let month = 0; month < MONTHS_AHEAD; month++) await page.getByRole('button', { name: en('planning.nextMonth') }).click();
  const cell = (role: string) => page.getByRole('button', { name: en('planning.cell.tooltip', { number, role: en(`enum.typePlanning.${role}`) }) });
  await expect(cell('FIELD_LEADER')).toHaveCount(4);
  await expect(cell('FIELD_BACKUP')).toHaveCount(4);
  await shot(page, 'assignment-planning');


  // In French: the language is stored, then the sheet is loaded again (the app reads it when it starts).
  await setAccountLocale(page, 'fr');
  await page.goto(`/services/${serviceId}`);
  await waitForApp(page);
  await page.getByRole('button', { name: fr('assignment.open'), exact: true }).click();
  await expect(roleCell(page, 'Mei Lin', 1)).toHaveValue(fr('enum.typePlanning.FIELD_LEADER'));
  await dialog(page).getByRole('switch', { name: fr('assignment.showRepresentatives') }).check();
  await expect(dialog(page).getByText(fr('assignment.badge.representative')).first()).toBeVisible();
  await shot(dialog(page), 'assignment-fr');
});
