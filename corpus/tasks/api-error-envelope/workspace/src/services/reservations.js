import { NotFoundError } from '../http/errors.js';
import { assertCanReserve } from '../domain/loan-policy.js';
import { toIsoDate } from '../domain/dates.js';
import { newId } from '../utils/ids.js';

export function createReservationService({ db, clock, fines, books }) {
  const waitingFor = (memberId) => db.reservations.where((r) => r.memberId === memberId && r.status === 'waiting');

  return {
    forMember: (member) => waitingFor(member.id),

    place(member, bookId) {
      books.get(bookId);
      const mine = waitingFor(member.id);
      assertCanReserve({
        member,
        owedCents: fines.owedCents(member.id),
        availableCopies: books.availableCopies(bookId),
        memberHasReservation: mine.some((r) => r.bookId === bookId),
        activeReservations: mine.length,
      });
      return db.reservations.insert({ id: newId('rs'), bookId, memberId: member.id, placedOn: toIsoDate(clock()), status: 'waiting' });
    },

    cancel(member, reservationId) {
      const reservation = db.reservations.get(reservationId);
      if (!reservation || reservation.memberId !== member.id) throw new NotFoundError(`No reservation ${reservationId}`);
      db.reservations.update(reservationId, { status: 'cancelled' });
    },
  };
}
