import assert from 'node:assert/strict';

/** Opens the Members page and waits until the table is rendered. */
export async function openMembers(page, baseUrl) {
  await page.goto(baseUrl);
  await page.locator('#members-body tr').first().waitFor();
}

/** Activates a button from the keyboard (focus + Enter), the way a keyboard user opens a dialog. */
export async function pressButton(page, name) {
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
}

/** Describes the focused element: whether it is inside a dialog, and a readable name. */
export async function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { inDialog: false, name: '<body>' };
    const name = el.getAttribute('aria-label') || (el.labels && el.labels[0] ? el.labels[0].textContent.trim() : '') || el.textContent.trim() || el.tagName.toLowerCase();
    return { inDialog: Boolean(el.closest('[role="dialog"]')), name };
  });
}

/** Waits until no dialog is visible. */
export async function waitForNoDialog(page) {
  await page.waitForFunction(() => [...document.querySelectorAll('[role="dialog"]')].every((d) => d.getClientRects().length === 0));
}

export async function assertFocus(page, name, context) {
  assert.equal((await focused(page)).name, name, `focus ${context}`);
}
