import { daysBetween, toIsoDate } from '../domain/dates.js';

export function createReportService({ db, clock }) {
  return {
    /** Active loans past their due date, most overdue first. */
    overdue() {
      const today = toIsoDate(clock());
      return db.loans
        .where((l) => l.returnedOn === null && l.dueOn < today)
        .map((l) => ({ loanId: l.id, memberId: l.memberId, copyId: l.copyId, dueOn: l.dueOn, daysOverdue: daysBetween(l.dueOn, today) }))
        .sort((a, b) => b.daysOverdue - a.daysOverdue || a.loanId.localeCompare(b.loanId));
    },
  };
}
