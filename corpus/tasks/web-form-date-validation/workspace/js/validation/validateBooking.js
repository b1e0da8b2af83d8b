import { parseDayMonthYear } from '../utils/dates.js';
import { tidy } from '../utils/text.js';
import { dateField, emailAddress, guestCount, requiredText, stayProblem } from './rules.js';

/** Field order is the order of the form, so the error summary reads top to bottom. */
const FIELD_RULES = {
  checkIn: dateField('check-in'),
  checkOut: dateField('check-out'),
  guests: guestCount,
  name: requiredText('Enter your full name.'),
  email: emailAddress,
};

/**
 * Validates raw form values. Returns { ok: true, booking } with parsed values, or
 * { ok: false, errors } where errors maps field names to one message each.
 */
export function validateBooking(raw) {
  const values = Object.fromEntries(Object.keys(FIELD_RULES).map((field) => [field, tidy(raw[field])]));
  const errors = {};
  for (const [field, rule] of Object.entries(FIELD_RULES)) {
    const message = rule(values[field]);
    if (message) errors[field] = message;
  }

  if (!errors.checkIn && !errors.checkOut) {
    const problem = stayProblem(parseDayMonthYear(values.checkIn), parseDayMonthYear(values.checkOut));
    if (problem) errors[problem.field] = problem.message;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors: inFormOrder(errors) };
  return {
    ok: true,
    booking: {
      checkIn: parseDayMonthYear(values.checkIn),
      checkOut: parseDayMonthYear(values.checkOut),
      guests: Number(values.guests),
      name: values.name,
      email: values.email.toLowerCase(),
    },
  };
}

function inFormOrder(errors) {
  return Object.fromEntries(Object.keys(FIELD_RULES).filter((f) => errors[f]).map((f) => [f, errors[f]]));
}
