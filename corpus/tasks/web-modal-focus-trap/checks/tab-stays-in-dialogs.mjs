import assert from 'node:assert/strict';
import { assertFocus, focused, openMembers, pressButton, waitForNoDialog } from './lib/page.mjs';

/** Presses Tab (or Shift+Tab) `times` times, asserting focus stays in the dialog; returns the names visited. */
async function tabAround(page, key, times, context) {
  const visited = [];
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press(key);
    const now = await focused(page);
    assert.ok(now.inDialog, `${context}: after ${key} #${i + 1} focus left the dialog (on ${now.name})`);
    visited.push(now.name);
  }
  return visited;
}

// Tab and Shift+Tab cycle through every control of a modal dialog and never leave it.
export default async function ({ page, baseUrl }) {
  await openMembers(page, baseUrl);

  await pressButton(page, 'Invite member');
  await assertFocus(page, 'Email address', 'when the invite dialog opens');
  const forward = await tabAround(page, 'Tab', 5, 'invite dialog');
  assert.deepEqual(forward.slice(0, 4), ['Role', 'Cancel', 'Send invite', 'Email address'], 'Tab visits every control of the invite dialog and wraps to the first');
  const backward = await tabAround(page, 'Shift+Tab', 2, 'invite dialog');
  assert.deepEqual(backward, ['Email address', 'Send invite'], 'Shift+Tab from the first control wraps to the last');
  await page.keyboard.press('Escape');
  await waitForNoDialog(page);

  await pressButton(page, 'Remove Alan Turing');
  const start = await focused(page);
  assert.ok(start.inDialog && ['Cancel', 'Remove'].includes(start.name), `the remove dialog focuses one of its buttons when it opens (got ${start.name})`);
  const visited = await tabAround(page, 'Tab', 3, 'remove dialog');
  assert.ok(visited.includes('Cancel') && visited.includes('Remove'), `Tab reaches both buttons of the remove dialog (visited ${visited.join(', ')})`);
}
