import assert from 'node:assert/strict';
import { assertFieldError, assertFieldOk, assertNotBooked, baseDetails, openForm, submitWith, summaryLinks } from './lib/form.mjs';

const MESSAGE = 'Check-out must be after check-in.';

// A check-out on or before check-in is refused and reported on the check-out field.
export default async function ({ page, baseUrl }) {
  await openForm(page, baseUrl);

  await submitWith(page, { ...baseDetails, 'Check-in': '10/06/2031', 'Check-out': '08/06/2031' });
  await assertNotBooked(page, 'when check-out is two days before check-in');
  await assertFieldError(page, 'checkOut', MESSAGE, 'when check-out is before check-in');
  await assertFieldOk(page, 'checkIn', 'when check-out is before check-in');
  assert.deepEqual(await summaryLinks(page), [['#checkOut', MESSAGE]], 'the summary links to the check-out field');

  await submitWith(page, { 'Check-in': '10/06/2031', 'Check-out': '10/06/2031' });
  await assertNotBooked(page, 'for a zero-night stay');
  await assertFieldError(page, 'checkOut', MESSAGE, 'when check-out is the check-in day');
  await assertFieldOk(page, 'checkIn', 'for a zero-night stay');
}
