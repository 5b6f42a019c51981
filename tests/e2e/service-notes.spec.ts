import type { Locator } from '@playwright/test';
import { expect, test } from './axe';
import { readFileSync } from 'node:fs';
import { ACCOUNTS, en, expectSnack, shot, signIn, waitForApp } from './helpers';

/**
 * Notes on the service sheet: counted against the note schema's limit, never cut, refused past
 * it with a message; long words wrap in the list instead of overflowing the card.
 */
const LIMIT: number = JSON.parse(readFileSync('schemas/entities/serviceNote.json', 'utf8')).properties.text.maxLength;
const count = (n: number) => en('engine.form.characters', { n: n.toLocaleString('en'), max: LIMIT.toLocaleString('en') });

/** Fills like a paste: the whole text at once. */
async function paste(box: Locator, text: string) {
  await box.fill(text);
}

test('a note shows its length against the limit, keeps a too-long paste marked and refused, and wraps a long word', async ({ page }) => {
  test.slow();
  await signIn(page, ACCOUNTS.quality);
  const service = ((await (await page.request.get('/back/bo/services/')).json()) as { services: { serviceId: number }[] }).services[0];
  await page.goto(`/services/${service.serviceId}`);
  await waitForApp(page);
  const notes = page.getByTestId('notes');
  const box = notes.getByRole('textbox', { name: en('serviceNote.text') });
  const add = notes.getByRole('button', { name: en('engine.notes.add'), exact: true });
  const counter = notes.getByTestId('character-count');

  await expect(counter).toHaveText(count(0));
  await paste(box, 'a'.repeat(LIMIT - 20));
  await expect(counter).toHaveText(count(LIMIT - 20));
  await expect(add).toBeEnabled();

  // Past the limit: the whole paste stays, marked, with a message; it cannot be sent.
  const tooLong = 'b'.repeat(LIMIT + 10);
  await paste(box, tooLong);
  await expect(box).toHaveValue(tooLong);
  await expect(counter).toHaveText(count(LIMIT + 10));
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(notes.getByText(en('engine.form.tooLong', { max: LIMIT.toLocaleString('en') }))).toBeVisible();
  await expect(add).toBeDisabled();
  await shot(page, 'service-notes-too-long');

  // At the limit: one long word, sent, shown wrapped inside its card.
  const word = 'c'.repeat(LIMIT);
  await paste(box, word);
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await add.click();
  await expectSnack(page, en('engine.notes.added'));
  const note = notes.getByTestId('note').filter({ hasText: word.slice(0, 50) });
  await expect(note).toHaveCount(1);
  const { scroll, client } = await note.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
  const noteBox = (await note.boundingBox())!;
  const cardBox = (await notes.boundingBox())!;
  expect(noteBox.x + noteBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  await note.scrollIntoViewIfNeeded();
  await shot(page, 'service-notes-long-word');
});
