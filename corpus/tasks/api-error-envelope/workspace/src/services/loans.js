import { config } from '../config.js';
import { ConflictError, NotFoundError } from '../http/errors.js';
import { assertCanBorrow, assertCanRenew } from '../domain/loan-policy.js';
import { addDays, daysBetween, toIsoDate } from '../domain/dates.js';
import { newId } from '../utils/ids.js';

const { lending } = config;

export function createLoanService({ db, clock, fines }) {
  const today = () => toIsoDate(clock());
  const active = (loan) => loan.returnedOn === null;

  function copy(copyId) {
    const found = db.copies.get(copyId);
    if (!found) throw new NotFoundError(`No copy ${copyId}`);
    return found;
  }

  /** The first waiting reservation for a book holds its copies for that member. */
  function holder(bookId) {
    const waiting = db.reservations.where((r) => r.bookId === bookId && r.status === 'waiting');
    waiting.sort((a, b) => a.placedOn.localeCompare(b.placedOn) || a.id.localeCompare(b.id));
    return waiting[0]?.memberId ?? null;
  }

  function memberLoan(member, loanId) {
    const loan = db.loans.get(loanId);
    // Someone else's loan is reported as missing, not forbidden: ids are not secrets, loans are.
    if (!loan || loan.memberId !== member.id) throw new NotFoundError(`No loan ${loanId}`);
    return loan;
  }

  return {
    forMember: (member) => db.loans.where((l) => l.memberId === member.id && active(l)),

    borrow(member, copyId) {
      const target = copy(copyId);
      const heldFor = holder(target.bookId);
      assertCanBorrow({
        member,
        owedCents: fines.owedCents(member.id),
        activeLoans: db.loans.where((l) => l.memberId === member.id && active(l)).length,
        copyOnLoan: db.loans.where((l) => l.copyId === copyId && active(l)).length > 0,
        holdForOther: heldFor !== null && heldFor !== member.id,
      });
      if (heldFor === member.id) {
        const reservation = db.reservations.where((r) => r.bookId === target.bookId && r.memberId === member.id && r.status === 'waiting')[0];
        db.reservations.update(reservation.id, { status: 'fulfilled' });
      }
      const borrowedOn = today();
      return db.loans.insert({
        id: newId('ln'),
        copyId,
        memberId: member.id,
        borrowedOn,
        dueOn: addDays(borrowedOn, lending.loanDays),
        renewals: 0,
        returnedOn: null,
      });
    },

    renew(member, loanId) {
      const loan = memberLoan(member, loanId);
      if (!active(loan)) throw new ConflictError('already_returned', 'This loan was already returned');
      const heldFor = holder(copy(loan.copyId).bookId);
      assertCanRenew({ loan, reservedByOther: heldFor !== null && heldFor !== member.id });
      return db.loans.update(loan.id, { dueOn: addDays(loan.dueOn, lending.renewalDays), renewals: loan.renewals + 1 });
    },

    /** Desk check-in; a late return adds a fine to the member's account. */
    checkIn(loanId) {
      const loan = db.loans.get(loanId);
      if (!loan) throw new NotFoundError(`No loan ${loanId}`);
      if (!active(loan)) throw new ConflictError('already_returned', 'This loan was already returned');
      const returnedOn = today();
      const daysLate = daysBetween(loan.dueOn, returnedOn);
      if (daysLate > 0) {
        db.fines.insert({
          id: newId('fn'),
          memberId: loan.memberId,
          loanId,
          amountCents: daysLate * lending.dailyFineCents,
          reason: `Returned ${daysLate} days late`,
          paid: false,
        });
      }
      return db.loans.update(loanId, { returnedOn });
    },
  };
}
