import assert from 'node:assert/strict';

/** Opens the app on a clean page and adds the given todos through the input, like a user. */
export async function openWithTodos(page, baseUrl, titles) {
  await page.goto(baseUrl);
  const input = page.getByPlaceholder('What needs to be done?');
  for (const title of titles) {
    await input.fill(title);
    await input.press('Enter');
  }
  await page.locator('.todo-list li').nth(titles.length - 1).waitFor();
}

/** Ticks the checkbox of the todo with this title. */
export async function toggle(page, title) {
  await page.locator('.todo-list li', { hasText: title }).locator('input[type=checkbox]').click();
}

/** Follows a footer filter link ("All", "Active", "Completed") and waits for it to be current. */
export async function showFilter(page, label) {
  await page.locator('.filters a', { hasText: label }).click();
  await page.waitForFunction((text) => {
    const link = [...document.querySelectorAll('.filters a')].find((a) => a.textContent.trim() === text);
    return link && link.classList.contains('selected');
  }, label);
}

/** The footer counter text, whitespace collapsed: "2 items left". */
export async function counterText(page) {
  const text = await page.locator('.todo-count').textContent();
  return text.replace(/\s+/g, ' ').trim();
}

export async function visibleTitles(page) {
  return (await page.locator('.todo-list li label').allTextContents()).map((t) => t.trim());
}

export async function assertCounter(page, expected, context) {
  assert.equal(await counterText(page), expected, `footer counter ${context}`);
}
