import { config } from '../config.js';
import {
  alreadyReserved,
  copyAvailable,
  copyReserved,
  copyUnavailable,
  finesOutstanding,
  loanLimitReached,
  memberSuspended,
  renewalLimitReached,
  reservationLimitReached,
} from './policy-errors.js';

const { lending } = config;

/** Rules every borrowing or reserving member must pass, in the order the desk explains them. */
export function assertInGoodStanding(member, owedCents) {
  if (member.status === 'suspended') throw memberSuspended();
  if (owedCents > lending.fineThresholdCents) throw finesOutstanding(owedCents);
}

export function assertCanBorrow({ member, owedCents, activeLoans, copyOnLoan, holdForOther }) {
  assertInGoodStanding(member, owedCents);
  const limit = lending.loanLimits[member.type];
  if (activeLoans >= limit) throw loanLimitReached(member.type, limit);
  if (copyOnLoan) throw copyUnavailable();
  if (holdForOther) throw copyReserved();
}

export function assertCanRenew({ loan, reservedByOther }) {
  if (loan.renewals >= lending.maxRenewals) throw renewalLimitReached(lending.maxRenewals);
  if (reservedByOther) throw copyReserved();
}

export function assertCanReserve({ member, owedCents, availableCopies, memberHasReservation, activeReservations }) {
  assertInGoodStanding(member, owedCents);
  if (availableCopies > 0) throw copyAvailable();
  if (memberHasReservation) throw alreadyReserved();
  if (activeReservations >= lending.maxReservations) throw reservationLimitReached(lending.maxReservations);
}
