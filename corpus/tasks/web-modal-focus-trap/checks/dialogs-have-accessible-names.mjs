import assert from 'node:assert/strict';
import { openMembers, pressButton, waitForNoDialog } from './lib/page.mjs';

async function assertNamedModal(page, name) {
  const dialog = page.getByRole('dialog', { name, exact: true });
  assert.equal(await dialog.count(), 1, `one visible dialog whose accessible name is "${name}"`);
  assert.equal(await dialog.getAttribute('aria-modal'), 'true', `"${name}" is marked aria-modal="true"`);
}

// Each dialog is announced as a modal dialog named after its title.
export default async function ({ page, baseUrl }) {
  await openMembers(page, baseUrl);
  await pressButton(page, 'Invite member');
  await page.locator('#invite-dialog').waitFor();
  await assertNamedModal(page, 'Invite a teammate');
  await page.keyboard.press('Escape');
  await waitForNoDialog(page);

  await pressButton(page, 'Remove Edsger Dijkstra');
  await page.locator('#remove-dialog').waitFor();
  await assertNamedModal(page, 'Remove member?');
}
