import assert from 'node:assert/strict';
import { assertFocus, openMembers, pressButton, waitForNoDialog } from './lib/page.mjs';

const names = (page) => page.locator('#members-body tr td:first-child').allTextContents();

// Existing behaviour: initial focus, validation, inviting, Escape and backdrop close, removing.
export default async function ({ page, baseUrl }) {
  await openMembers(page, baseUrl);

  await pressButton(page, 'Invite member');
  await assertFocus(page, 'Email address', 'when the invite dialog opens');
  await page.keyboard.type('not-an-email');
  await page.keyboard.press('Enter');
  await page.getByText('Enter an email address like name@example.com.').waitFor();
  assert.equal(await page.locator('#invite-dialog').isVisible(), true, 'an invalid email keeps the dialog open');
  await page.getByLabel('Email address').fill('ana.lima@acme.test');
  await page.getByLabel('Role').selectOption('viewer');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await waitForNoDialog(page);
  await page.getByText('Invitation sent to ana.lima@acme.test').waitFor();
  assert.ok((await names(page)).includes('Ana Lima (invited)'), 'the invitee is listed');

  await pressButton(page, 'Invite member');
  await page.locator('#invite-dialog').waitFor();
  await page.mouse.click(4, 4);
  await waitForNoDialog(page);
  assert.equal(await page.getByLabel('Email address').inputValue(), '', 'closing resets the form');

  await pressButton(page, 'Invite member');
  await page.keyboard.press('Escape');
  await waitForNoDialog(page);

  await pressButton(page, 'Remove Alan Turing');
  await page.locator('#remove-dialog').getByText('Alan Turing (alan@acme.test) will lose access to this team.').waitFor();
  await page.locator('#remove-confirm').click();
  await waitForNoDialog(page);
  await page.getByText('Alan Turing was removed').waitFor();
  assert.deepEqual(await names(page), ['Grace Hopper', 'Ada Lovelace', 'Edsger Dijkstra', 'Ana Lima (invited)'], 'Alan is removed, the others stay');
}
