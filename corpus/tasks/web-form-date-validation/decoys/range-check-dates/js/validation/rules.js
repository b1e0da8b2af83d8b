import { MAX_GUESTS, MAX_NIGHTS } from '../config.js';
import { nightsBetween, parseDayMonthYear } from '../utils/dates.js';

/** Each field rule takes the tidied text and returns an error message or null. */

export function dateField(label) {
  return (text) => {
    if (!text) return `Enter the ${label} date.`;
    if (!parseDayMonthYear(text)) return `Enter a real ${label} date, like 21/06/2031.`;
    return null;
  };
}

export function guestCount(text) {
  if (!/^\d+$/.test(text)) return 'Enter the number of guests as a whole number.';
  const guests = Number(text);
  if (guests < 1 || guests > MAX_GUESTS) return `Guests must be between 1 and ${MAX_GUESTS}.`;
  return null;
}

export function requiredText(message) {
  return (text) => (text ? null : message);
}

export function emailAddress(text) {
  if (!text) return 'Enter your email address.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return 'Enter an email address like name@example.com.';
  return null;
}

/**
 * The rule that spans both dates. Returns { field, message } for the field the
 * message belongs to, or null when the stay is fine.
 */
export function stayProblem(checkIn, checkOut) {
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1) return { field: 'checkOut', message: 'Check-out must be after check-in.' };
  if (nights > MAX_NIGHTS) return { field: 'checkOut', message: `Stays can be at most ${MAX_NIGHTS} nights.` };
  return null;
}
