import { expectActive, openSettings } from './lib/page.mjs';

// After a mouse click selects a tab, arrow keys move relative to that tab.
export default async function ({ page, baseUrl }) {
  await openSettings(page, baseUrl);

  await page.click('#tab-notifications');
  await expectActive(page, 'settings-tabs', 'tab-notifications', 'after clicking Notifications');
  await page.keyboard.press('ArrowRight');
  await expectActive(page, 'settings-tabs', 'tab-billing', 'ArrowRight after clicking Notifications');

  await page.click('#tab-members');
  await page.keyboard.press('ArrowLeft');
  await expectActive(page, 'settings-tabs', 'tab-general', 'ArrowLeft after clicking Members');

  await page.click('#tab-notifications');
  await page.click('#tab-push');
  await page.keyboard.press('ArrowDown');
  await expectActive(page, 'channel-tabs', 'tab-sms', 'ArrowDown after clicking Push');
}
