import assert from 'node:assert/strict';
import { assertFieldError, assertFieldOk, assertNotBooked, openForm, submitWith, summaryLinks } from './lib/form.mjs';

// Existing behaviour: required-field errors, the maximum stay, and valid bookings (leap day included).
export default async function ({ page, baseUrl }) {
  await openForm(page, baseUrl);

  await submitWith(page, {});
  await assertNotBooked(page, 'for an empty form');
  await assertFieldError(page, 'checkIn', 'Enter the check-in date.', 'when empty');
  await assertFieldError(page, 'checkOut', 'Enter the check-out date.', 'when empty');
  await assertFieldOk(page, 'guests', 'with the default of 2');
  assert.deepEqual((await summaryLinks(page)).map(([href]) => href), ['#checkIn', '#checkOut', '#name', '#email'], 'the summary lists the problems in form order');

  await submitWith(page, { 'Check-in': '01/03/2031', 'Check-out': '31/03/2031', Guests: '3', 'Full name': 'Mary Anning', Email: 'Mary@Example.org' });
  await assertNotBooked(page, 'for a 30-night stay');
  await assertFieldError(page, 'checkOut', 'Stays can be at most 28 nights.', 'for a 30-night stay');
  await assertFieldOk(page, 'checkIn', 'for a 30-night stay');

  await submitWith(page, { 'Check-in': '29/02/2032', 'Check-out': '2/3/2032' });
  await page.locator('#confirmation').waitFor();
  const text = (await page.locator('#confirmation-text').textContent()).trim();
  assert.match(text, /^Harbour Cottage, 2 nights: \w{3} 29 Feb 2032 to \w{3} 2 Mar 2032, 3 guests\. Reference HC-1041\.$/, 'a leap-day booking is accepted');
}
