import { expectActive, openSettings } from './lib/page.mjs';

// In the horizontal tab list, ArrowLeft on the first tab wraps to the last, ArrowRight on the last to the first.
export default async function ({ page, baseUrl }) {
  await openSettings(page, baseUrl);
  await page.focus('#tab-general');

  await page.keyboard.press('ArrowLeft');
  await expectActive(page, 'settings-tabs', 'tab-advanced', 'ArrowLeft on the first tab');

  await page.keyboard.press('ArrowRight');
  await expectActive(page, 'settings-tabs', 'tab-general', 'ArrowRight on the last tab');

  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expectActive(page, 'settings-tabs', 'tab-billing', 'ArrowLeft twice from the first tab');
}
