import { AppError } from '../http/errors.js';

/**
 * Raised when a lending rule says no. `code` and `status` follow docs/errors.md; the message
 * is shown to members at the kiosk, so it says what to do next. An AppError, so clients get
 * the documented envelope instead of a 500.
 */
export class PolicyError extends AppError {}

export const memberSuspended = () =>
  new PolicyError(403, 'member_suspended', 'Your account is suspended; please speak to a librarian');

export const finesOutstanding = (owedCents) =>
  new PolicyError(403, 'fines_outstanding', `You owe ${formatCents(owedCents)} in fines; please pay at the desk to borrow or reserve`);

export const loanLimitReached = (type, limit) =>
  new PolicyError(409, 'loan_limit_reached', `Members of type ${type} may have at most ${limit} items on loan`);

export const copyUnavailable = () => new PolicyError(409, 'copy_unavailable', 'This copy is already on loan');

export const copyReserved = () => new PolicyError(409, 'copy_reserved', 'This copy is being held for another member');

export const renewalLimitReached = (max) =>
  new PolicyError(409, 'renewal_limit_reached', `Loans can be renewed at most ${max} times; please return the item`);

export const copyAvailable = () =>
  new PolicyError(409, 'copy_available', 'A copy of this book is on the shelf; borrow it instead of reserving');

export const alreadyReserved = () => new PolicyError(409, 'already_reserved', 'You already have a reservation for this book');

export const reservationLimitReached = (max) =>
  new PolicyError(409, 'reservation_limit_reached', `You may have at most ${max} reservations`);

function formatCents(cents) {
  return `£${(cents / 100).toFixed(2)}`;
}
