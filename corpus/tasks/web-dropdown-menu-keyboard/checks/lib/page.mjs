import assert from 'node:assert/strict';

/** Loads the board and waits until the widgets are set up; returns the list of script errors. */
export async function openBoard(page, baseUrl) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(baseUrl);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 5000 });
  return errors;
}

/** The observable state of one menu button: expanded, shown, focused element and its label. */
export function menuState(page, triggerId) {
  return page.evaluate((id) => {
    const trigger = document.getElementById(id);
    const menu = document.getElementById(trigger.getAttribute('aria-controls'));
    const active = document.activeElement;
    return {
      expanded: trigger.getAttribute('aria-expanded'),
      shown: !menu.hidden,
      focus: active === trigger ? 'trigger' : menu.contains(active) ? active.textContent.trim() : active?.id || active?.tagName.toLowerCase(),
    };
  }, triggerId);
}

export async function expectMenu(page, triggerId, expected, context) {
  assert.deepEqual(await menuState(page, triggerId), expected, context);
}

export const OPEN = (focus) => ({ expanded: 'true', shown: true, focus });
export const CLOSED_ON_TRIGGER = { expanded: 'false', shown: false, focus: 'trigger' };
