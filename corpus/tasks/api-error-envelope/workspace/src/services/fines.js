import { ConflictError, NotFoundError } from '../http/errors.js';

export function createFineService({ db }) {
  return {
    forMember: (memberId) => db.fines.where((f) => f.memberId === memberId),
    owedCents: (memberId) =>
      db.fines.where((f) => f.memberId === memberId && !f.paid).reduce((sum, f) => sum + f.amountCents, 0),
    pay(id) {
      const fine = db.fines.get(id);
      if (!fine) throw new NotFoundError(`No fine ${id}`);
      if (fine.paid) throw new ConflictError('already_paid', 'This fine is already paid');
      return db.fines.update(id, { paid: true });
    },
  };
}
