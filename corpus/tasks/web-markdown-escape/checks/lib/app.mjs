/** Opens Jotter with empty storage and waits for the note list. */
export async function openApp(page, baseUrl) {
  await page.goto(baseUrl);
  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await page.waitForSelector('#note-list button[aria-current="true"]', { timeout: 5000 });
}

/** Starts a new note, types `text` into it and waits until the preview has rendered it. */
export async function writeNote(page, text) {
  await page.click('#new-note');
  await page.fill('#editor', text);
  await page.waitForSelector('#preview[aria-busy="false"]', { timeout: 5000 });
}

/** textContent of every element matching `selector` inside the preview. */
export function previewTexts(page, selector) {
  return page.$$eval(`#preview ${selector}`, (elements) => elements.map((element) => element.textContent));
}

/** Tag names of every element in the preview, in document order. */
export function previewTags(page) {
  return page.$$eval('#preview *', (elements) => elements.map((element) => element.tagName.toLowerCase()));
}
