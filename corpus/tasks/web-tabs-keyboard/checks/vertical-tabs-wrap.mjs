import { expectActive, openSettings } from './lib/page.mjs';

// In the vertical channel tabs, ArrowUp on the first tab wraps to the last and ArrowDown wraps back.
export default async function ({ page, baseUrl }) {
  await openSettings(page, baseUrl);
  await page.focus('#tab-general');
  for (let i = 0; i < 2; i += 1) await page.keyboard.press('ArrowRight');
  await expectActive(page, 'settings-tabs', 'tab-notifications', 'two ArrowRight presses from General');

  await page.focus('#tab-email');
  await page.keyboard.press('ArrowUp');
  await expectActive(page, 'channel-tabs', 'tab-sms', 'ArrowUp on the first channel tab');

  await page.keyboard.press('ArrowDown');
  await expectActive(page, 'channel-tabs', 'tab-email', 'ArrowDown on the last channel tab');

  await page.keyboard.press('ArrowLeft');
  await expectActive(page, 'channel-tabs', 'tab-email', 'ArrowLeft does nothing in a vertical tab list');
}
