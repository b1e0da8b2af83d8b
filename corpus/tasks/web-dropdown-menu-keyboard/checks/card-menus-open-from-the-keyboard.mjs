import { CLOSED_ON_TRIGGER, OPEN, expectMenu, openBoard } from './lib/page.mjs';

// The ⋯ trigger on a card opens its menu with Enter, Space and ArrowDown, like the header buttons.
export default async function ({ page, baseUrl }) {
  await openBoard(page, baseUrl);
  const trigger = 'card-trigger-c3';

  await page.focus(`#${trigger}`);
  await page.keyboard.press('Enter');
  await expectMenu(page, trigger, OPEN('Edit card'), 'Enter on the card menu trigger');
  await page.keyboard.press('Escape');
  await expectMenu(page, trigger, CLOSED_ON_TRIGGER, 'Escape');

  await page.keyboard.press('Space');
  await expectMenu(page, trigger, OPEN('Edit card'), 'Space on the card menu trigger');
  await page.keyboard.press('ArrowDown');
  await expectMenu(page, trigger, OPEN('Move to next column'), 'ArrowDown in the card menu');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('Moved "Bulk edit cards" to Done'), null, { timeout: 2000 });

  await page.focus('#card-trigger-c1');
  await page.keyboard.press('ArrowUp');
  await expectMenu(page, 'card-trigger-c1', OPEN('Delete card'), 'ArrowUp on a card trigger opens on the last item');
}
