import { assertFocus, openMembers, pressButton, waitForNoDialog } from './lib/page.mjs';

// Closing a dialog gives focus back to the control that opened it.
export default async function ({ page, baseUrl }) {
  await openMembers(page, baseUrl);

  await pressButton(page, 'Invite member');
  await page.keyboard.press('Escape');
  await waitForNoDialog(page);
  await assertFocus(page, 'Invite member', 'after closing the invite dialog with Escape');

  await pressButton(page, 'Invite member');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await waitForNoDialog(page);
  await assertFocus(page, 'Invite member', 'after cancelling the invite dialog');

  await pressButton(page, 'Remove Ada Lovelace');
  await page.keyboard.press('Escape');
  await waitForNoDialog(page);
  await assertFocus(page, 'Remove Ada Lovelace', 'after closing the remove dialog with Escape');
}
