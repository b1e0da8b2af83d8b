import assert from 'node:assert/strict';

export async function openForm(page, baseUrl) {
  await page.goto(baseUrl);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
}

/** The combobox input of a field ("From" or "To"), found the way assistive technology finds it. */
export function field(page, label) {
  return page.getByRole('combobox', { name: label });
}

/** Snapshot of what a screen reader sees: expanded, active descendant, shown options, highlighted label. */
export async function aria(page, label) {
  return field(page, label).evaluate((input) => {
    const listbox = document.getElementById(input.getAttribute('aria-controls'));
    const activeId = input.getAttribute('aria-activedescendant');
    const active = activeId === null ? null : document.getElementById(activeId);
    const options = listbox.hidden ? [] : [...listbox.querySelectorAll('[role="option"]')];
    return {
      expanded: input.getAttribute('aria-expanded'),
      listboxShown: !listbox.hidden,
      activeId,
      activeLabel: active ? active.textContent : activeId === null ? null : `<no element with id ${activeId}>`,
      options: options.map((o) => o.textContent),
      selected: options.filter((o) => o.getAttribute('aria-selected') === 'true').map((o) => o.textContent),
      value: input.value,
    };
  });
}

export async function typeInto(page, label, text) {
  await field(page, label).click();
  await field(page, label).pressSequentially(text);
}

/** Asserts the highlighted option, both through aria-activedescendant and aria-selected. */
export async function assertHighlighted(page, label, expected, context) {
  const state = await aria(page, label);
  assert.equal(state.activeLabel, expected, `${context}: option named by aria-activedescendant (${JSON.stringify(state)})`);
  assert.deepEqual(state.selected, expected === null ? [] : [expected], `${context}: options with aria-selected="true"`);
}

export async function tripRoute(page) {
  return (await page.locator('.trip-route').textContent()).trim();
}
