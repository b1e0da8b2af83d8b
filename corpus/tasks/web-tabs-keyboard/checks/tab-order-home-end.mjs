import assert from 'node:assert/strict';
import { expectActive, openSettings } from './lib/page.mjs';

// Existing behaviour: one Tab stop on the selected tab, arrows/Home/End move and select, Tab enters the panel.
export default async function ({ page, baseUrl }) {
  const errors = await openSettings(page, baseUrl);

  await page.focus('#search');
  await page.keyboard.press('Tab');
  await expectActive(page, 'settings-tabs', 'tab-general', 'Tab from the search box');

  await page.keyboard.press('ArrowRight');
  await expectActive(page, 'settings-tabs', 'tab-members', 'ArrowRight from General');
  await page.keyboard.press('End');
  await expectActive(page, 'settings-tabs', 'tab-advanced', 'End');
  await page.keyboard.press('Home');
  await expectActive(page, 'settings-tabs', 'tab-general', 'Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expectActive(page, 'settings-tabs', 'tab-notifications', 'ArrowRight twice');

  await page.keyboard.press('Tab');
  const inPanel = await page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]')?.id ?? null);
  assert.equal(inPanel, 'panel-notifications', 'Tab from the selected tab moves into its panel, not to the next tab');

  await page.focus('#tab-notifications');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'search', 'Shift+Tab leaves the tab list in one step');

  assert.equal(await page.getAttribute('#panel-members', 'aria-labelledby'), 'tab-members');
  assert.deepEqual(errors, [], 'no script errors');
}
