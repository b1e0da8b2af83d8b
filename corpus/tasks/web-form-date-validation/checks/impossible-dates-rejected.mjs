import { assertFieldError, assertFieldOk, assertNotBooked, baseDetails, openForm, submitWith } from './lib/form.mjs';

// Dates that do not exist on the calendar are refused, on the field that holds them.
export default async function ({ page, baseUrl }) {
  await openForm(page, baseUrl);

  await submitWith(page, { ...baseDetails, 'Check-in': '31/04/2031', 'Check-out': '03/05/2031' });
  await assertNotBooked(page, 'for 31 April');
  await assertFieldError(page, 'checkIn', 'Enter a real check-in date, like 21/06/2031.', 'for 31/04/2031');
  await assertFieldOk(page, 'checkOut', 'when only check-in is impossible');

  await submitWith(page, { 'Check-in': '26/02/2031', 'Check-out': '29/02/2031' });
  await assertNotBooked(page, 'for 29 February in a common year');
  await assertFieldOk(page, 'checkIn', 'for 26/02/2031');
  await assertFieldError(page, 'checkOut', 'Enter a real check-out date, like 21/06/2031.', 'for 29/02/2031');

  await submitWith(page, { 'Check-in': '30/06/2031', 'Check-out': '31/06/2031' });
  await assertNotBooked(page, 'for 31 June');
  await assertFieldError(page, 'checkOut', 'Enter a real check-out date, like 21/06/2031.', 'for 31/06/2031');
}
