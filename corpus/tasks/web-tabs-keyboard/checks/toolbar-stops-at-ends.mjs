import assert from 'node:assert/strict';
import { openSettings } from './lib/page.mjs';

const focusedId = (page) => page.evaluate(() => document.activeElement?.id ?? null);
const tabStops = (page) => page.evaluate(() => [...document.querySelectorAll('[role="toolbar"] button')].filter((b) => b.tabIndex === 0).map((b) => b.id));

// Existing behaviour: the formatting toolbar moves with arrows, stops at both ends, Home/End jump, Space toggles.
export default async function ({ page, baseUrl }) {
  await openSettings(page, baseUrl);
  await page.focus('#workspace-name');
  await page.keyboard.press('Tab');
  assert.equal(await focusedId(page), 'fmt-bold', 'Tab from the name field lands on the first toolbar button');

  await page.keyboard.press('ArrowLeft');
  assert.equal(await focusedId(page), 'fmt-bold', 'ArrowLeft on the first button stays there');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focusedId(page), 'fmt-italic');
  await page.keyboard.press('End');
  assert.equal(await focusedId(page), 'fmt-link');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focusedId(page), 'fmt-link', 'ArrowRight on the last button stays there');
  assert.deepEqual(await tabStops(page), ['fmt-link'], 'one Tab stop in the toolbar');
  await page.keyboard.press('Home');
  assert.equal(await focusedId(page), 'fmt-bold');

  await page.keyboard.press('Space');
  assert.equal(await page.getAttribute('#fmt-bold', 'aria-pressed'), 'true', 'Space toggles the focused button');
  await page.keyboard.press('Tab');
  assert.equal(await focusedId(page), 'workspace-description', 'Tab leaves the toolbar');
}
