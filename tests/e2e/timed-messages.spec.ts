import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from './axe';
import { ACCOUNTS, en, futureDay, login, shot, signIn, waitForApp } from './helpers';
import { acceptDatesAsClient, createProvidedService } from './providedService';

/**
 * Messages that close by themselves (WCAG 2.2.1, 4.1.3): a success snack and the assignment error
 * keep the spec's 3 s, are read out (status; errors alert), wait while the pointer or the keyboard
 * focus is on them and close 3 s after it leaves, and are listed again under the header's "recent
 * messages" with their time. Playwright's clock stands still between steps: each 3 s is counted exactly.
 */

/** Spec §9: snacks (success, warning) and the assignment error close after 3000 ms. */
const CLOSES_AFTER_MS = 3000;
/** The live alert poll (spec §9), which brings the snacks of these tests. */
const POLL_MS = 10_000;

/**
 * Nothing happens on its own until the test moves the clock. It stops a while ahead of the page's
 * time, which keeps flowing meanwhile: on a busy machine a second may pass before the call.
 */
async function stopTime(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 20_000);
}

/** Shown for the spec's 3 s from now: still there just before, gone just after. */
async function closesAfterThreeSeconds(page: Page, message: Locator): Promise<void> {
  await page.clock.runFor(CLOSES_AFTER_MS - 100);
  await expect(message).toBeVisible();
  await page.clock.runFor(300); // the 3 s, then the closing transition
  await expect(message).toHaveCount(0);
}

/** Held 10 s (far over 3 s) by `hold`, let go by `release`, then closes 3 s later. */
async function waitsWhileHeld(page: Page, message: Locator, hold: () => Promise<void>, release: () => Promise<void>): Promise<void> {
  await hold();
  await page.clock.runFor(10_000);
  await expect(message).toBeVisible();
  await release();
  await closesAfterThreeSeconds(page, message);
}

const pointerAway = (page: Page) => page.mouse.move(700, 880);

async function openRecentMessages(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: en('shell.recentMessages'), exact: true }).click();
  const list = page.getByRole('dialog', { name: en('shell.recentMessages') });
  await expect(list).toBeVisible();
  return list;
}

test('a success snack closes after 3 s, waits while hovered or focused, and is listed again with its time', async ({ page }) => {
  test.setTimeout(90_000);
  // The live alert poll brings one information alert per step: a success snack (spec §8: INFO).
  const waiting: { title: string; level: 'INFO' | 'ERROR' }[] = [];
  let alertId = 9100;
  let polls = 0;
  await page.route('**/back/alerts/poll', (route) => {
    polls += 1;
    const next = waiting.shift();
    const snacks = next ? [{ alertId: alertId++, ...next, message: `${next.title}: details`, creationDate: new Date().toISOString(), read: false }] : [];
    return route.fulfill({ json: { count: 0, snacks } });
  });
  // The polls under way. A message is queued only when none is: a poll fired by the clock's last move and answered
  // after the queueing would bring the message before the next move, which then ran out its 3 s (a failed CI).
  let pollsUnderWay = 0;
  const isPoll = (request: Request) => request.url().includes('/back/alerts/poll');
  const ended = (request: Request) => void (isPoll(request) && (pollsUnderWay -= 1));
  page.on('request', (request) => void (isPoll(request) && (pollsUnderWay += 1)));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const queue = async (message: (typeof waiting)[number]) => {
    await expect.poll(() => pollsUnderWay, { message: 'no live alert poll under way' }).toBe(0);
    waiting.push(message);
  };
  await page.clock.install();
  await login(page, ACCOUNTS.quality, { path: '/services/search' });
  // The shell polls once when its poll starts, then every 10 s: only a started poll gets the clock's ticks. On a busy
  // machine the shell may start it after the page went quiet, and a clock stopped before that never polls at all.
  await expect.poll(() => polls, { message: 'the shell has started its live alert poll' }).toBeGreaterThan(0);
  // The snack list is lazy: mounted before the clock stops, as React shows a lazy part that arrives late on a timer,
  // which a stopped clock never fires (on a busy machine the first snack then never showed).
  await expect(page.locator('[data-position="top-center"][data-layout]')).toBeAttached();
  await stopTime(page);
  const snackOf = (title: string) => page.getByRole('status').filter({ hasText: title });
  const arrives = async (title: string) => {
    await queue({ title, level: 'INFO' });
    await page.clock.runFor(POLL_MS);
    await expect.poll(() => waiting.length, { message: `the poll has brought ${title}` }).toBe(0);
    await expect(snackOf(title)).toBeVisible();
    return snackOf(title);
  };

  // Left alone: read out politely (role status), gone after 3 s.
  const alone = await arrives('Shipment booked');
  await expect(alone).toHaveAttribute('data-level', 'success');
  await shot(page, 'timed-messages-snack');
  await closesAfterThreeSeconds(page, alone);

  // Under the pointer it waits; it closes 3 s after the pointer leaves.
  const hovered = await arrives('Inspection planned');
  await waitsWhileHeld(page, hovered, () => hovered.hover(), () => pointerAway(page));

  // With the keyboard focus on it (its close button) it waits; 3 s after the focus leaves, it closes.
  const focused = await arrives('Report sent');
  const close = focused.getByRole('button', { name: en('engine.action.close') });
  await waitsWhileHeld(page, focused, () => close.focus(), () => page.locator('#main-content').focus());

  // An error is read out at once (role alert) and stays until closed.
  await queue({ title: 'Sync failed', level: 'ERROR' });
  await page.clock.runFor(POLL_MS);
  const error = page.getByRole('alert').filter({ hasText: 'Sync failed' });
  await expect(error).toBeVisible();
  await page.clock.runFor(60_000);
  await expect(error).toBeVisible();
  await error.getByRole('button', { name: en('engine.action.close') }).click();
  await page.clock.runFor(300);
  await expect(error).toHaveCount(0);

  // Every one of them can be read again, newest first, with the time it came.
  await page.clock.resume();
  const list = await openRecentMessages(page);
  const rows = list.getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText(en('shell.recentMessages.level.error'));
  await expect(rows.nth(0)).toContainText('Sync failed — Sync failed: details');
  await expect(rows.nth(1)).toContainText(en('shell.recentMessages.level.success'));
  await expect(rows.nth(1)).toContainText('Report sent — Report sent: details');
  await expect(rows.nth(2)).toContainText('Inspection planned');
  await expect(rows.nth(3)).toContainText('Shipment booked');
  await expect(rows.nth(3).locator('time')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await shot(page, 'timed-messages-recent');
  // Escape closes the list and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(page.getByRole('button', { name: en('shell.recentMessages'), exact: true })).toBeFocused();
});

test('the assignment error keeps its 3 s, waits while hovered or focused, and is listed again', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, ACCOUNTS.manager);
  const service = await createProvidedService(page, { startDate: futureDay(40), endDate: futureDay(41), exFactoryDate: futureDay(60), line: { poPrefix: 'PO-TIMED', designation: 'Linen shirt', quantity: 300 } });
  await acceptDatesAsClient(browser, service.serviceId);
  await page.clock.install();
  await page.goto(`/services/${service.serviceId}`);
  await waitForApp(page);
  await page.getByRole('button', { name: en('assignment.open'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en('assignment.title', { number: service.number }) });
  const save = dialog.getByRole('button', { name: en('assignment.save'), exact: true });
  await expect(save).toBeEnabled();
  await stopTime(page);
  // Nobody assigned: "You need a leader", read out at once.
  const error = dialog.getByRole('alert').filter({ hasText: en('assignment.error.leader') });

  await save.click();
  await expect(error).toBeVisible();
  await closesAfterThreeSeconds(page, error);

  await save.click();
  await expect(error).toBeVisible();
  await waitsWhileHeld(page, error, () => error.hover(), () => pointerAway(page));

  await save.click();
  await expect(error).toBeVisible();
  await waitsWhileHeld(page, error, () => error.getByRole('button', { name: en('engine.action.close') }).focus(), () => save.focus());

  // Its close button takes it away at once.
  await save.click();
  await error.getByRole('button', { name: en('engine.action.close') }).click();
  await expect(error).toHaveCount(0);

  await page.clock.resume();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const list = await openRecentMessages(page);
  await expect(list.getByRole('listitem').first()).toContainText(en('assignment.error.leader'));
  await expect(list.getByRole('listitem').first()).toContainText(en('shell.recentMessages.level.error'));
});
