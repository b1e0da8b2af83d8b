import { PROPERTY_NAME } from '../config.js';
import { formatLong, nightsBetween } from '../utils/dates.js';
import { plural } from '../utils/text.js';

/** Replaces the form with the confirmation text for a requested booking. */
export function showConfirmation({ form, section, text }, booking, reference) {
  const nights = nightsBetween(booking.checkIn, booking.checkOut);
  text.textContent =
    `${PROPERTY_NAME}, ${plural(nights, 'night')}: ${formatLong(booking.checkIn)} to ${formatLong(booking.checkOut)}, ` +
    `${plural(booking.guests, 'guest')}. Reference ${reference}.`;
  form.hidden = true;
  section.hidden = false;
}
