import assert from 'node:assert/strict';

export async function openForm(page, baseUrl) {
  await page.goto(baseUrl);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
}

/** Types the given values into the labelled fields (leaving others as they are) and submits. */
export async function submitWith(page, values) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Request booking' }).click();
}

/** The visible error message of a field (null when none) and whether the input is marked invalid. */
export async function fieldState(page, id) {
  return page.evaluate((fieldId) => {
    const input = document.getElementById(fieldId);
    const error = document.getElementById(`${fieldId}-error`);
    const shown = error && !error.hidden && error.textContent.trim() !== '';
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(/\s+/);
    return {
      message: shown ? error.textContent.trim() : null,
      invalid: input.getAttribute('aria-invalid') === 'true',
      describedByError: describedBy.includes(`${fieldId}-error`),
    };
  }, id);
}

export async function assertFieldError(page, id, message, context) {
  assert.deepEqual(await fieldState(page, id), { message, invalid: true, describedByError: true }, `${id} shows "${message}" ${context}`);
}

export async function assertFieldOk(page, id, context) {
  assert.deepEqual(await fieldState(page, id), { message: null, invalid: false, describedByError: false }, `${id} has no error ${context}`);
}

export async function assertNotBooked(page, context) {
  assert.equal(await page.locator('#confirmation').isVisible(), false, `no booking is requested ${context}`);
  assert.equal(await page.locator('#booking-form').isVisible(), true, `the form stays on screen ${context}`);
}

export async function summaryLinks(page) {
  return page.locator('#error-summary a').evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.textContent.trim()]));
}

export const baseDetails = { Guests: '2', 'Full name': 'Mary Anning', Email: 'mary@example.org' };
