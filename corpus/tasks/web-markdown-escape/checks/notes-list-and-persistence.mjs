import assert from 'node:assert/strict';
import { openApp, previewTexts, writeNote } from './lib/app.mjs';

const listTitles = (page) => page.$$eval('#note-list button', (buttons) => buttons.map((b) => b.textContent));

// Existing behaviour: notes get titles in the list, can be switched, and survive a reload.
export default async function ({ page, baseUrl }) {
  await openApp(page, baseUrl);
  assert.deepEqual(await listTitles(page), ['Welcome to Jotter', 'Shopping']);

  await writeNote(page, '# Groceries <3\n\nmilk & eggs');
  assert.deepEqual(await listTitles(page), ['Groceries <3', 'Welcome to Jotter', 'Shopping']);
  assert.equal(await page.textContent('#note-list button[aria-current="true"]'), 'Groceries <3');
  assert.equal(await page.textContent('#word-count'), '6 words');

  await page.click('#note-list button[data-note-id="shopping"]');
  assert.equal(await page.inputValue('#editor'), '# Shopping\n\n1. Coffee\n2. Oat milk\n3. Bread');
  assert.deepEqual(await previewTexts(page, 'ol > li'), ['Coffee', 'Oat milk', 'Bread']);

  await page.waitForFunction(() => document.getElementById('save-state').textContent === 'Saved', null, { timeout: 5000 });
  await page.reload();
  await page.waitForSelector('#note-list button[aria-current="true"]', { timeout: 5000 });
  assert.deepEqual(await listTitles(page), ['Groceries <3', 'Welcome to Jotter', 'Shopping'], 'notes survive a reload');
  assert.equal(await page.textContent('#note-list button[aria-current="true"]'), 'Shopping', 'the open note survives a reload');
}
