import assert from 'node:assert/strict';

/** Loads the settings page and waits until the widgets are enhanced. */
export async function openSettings(page, baseUrl) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(baseUrl);
  await page.waitForFunction(() => document.getElementById('tab-members')?.tabIndex === -1, null, { timeout: 5000 });
  return errors;
}

/** The observable state of one tablist: focus, selection, Tab stops and visible panels. */
export function tabState(page, tablistId) {
  return page.evaluate((id) => {
    const root = document.getElementById(id);
    const tablist = root.querySelector(':scope > [role="tablist"]');
    const tabs = [...tablist.querySelectorAll(':scope > [role="tab"]')];
    return {
      focused: document.activeElement?.id ?? null,
      selected: tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true').map((tab) => tab.id),
      tabStops: tabs.filter((tab) => tab.tabIndex === 0).map((tab) => tab.id),
      visiblePanels: tabs
        .map((tab) => document.getElementById(tab.getAttribute('aria-controls')))
        .filter((panel) => panel && !panel.hidden)
        .map((panel) => panel.id),
    };
  }, tablistId);
}

/** Asserts that `tabId` is focused, the only selected tab, the only Tab stop, and shows only its panel. */
export async function expectActive(page, tablistId, tabId, context) {
  const state = await tabState(page, tablistId);
  const panelId = await page.getAttribute(`#${tabId}`, 'aria-controls');
  assert.deepEqual(
    state,
    { focused: tabId, selected: [tabId], tabStops: [tabId], visiblePanels: [panelId] },
    `${context}: expected ${tabId} focused, selected and the only Tab stop`,
  );
}
