import { invalidRequest } from '../http/errors.js';
import { toUnixSeconds } from '../utils/clock.js';

export function createRefundService({ db, clock, charges }) {
  return {
    /** Refunds part or all of what is left of a succeeded charge. */
    create(account, { charge: chargeId, amount, reason }) {
      const charge = charges.get(account, chargeId);
      if (charge.status !== 'succeeded') throw invalidRequest(`Charge ${charge.id} did not succeed and cannot be refunded.`, 'charge');
      const refundable = charge.amount - charge.amountRefunded;
      const refundAmount = amount ?? refundable;
      if (refundAmount > refundable) {
        throw invalidRequest(`Refund amount (${refundAmount}) is greater than unrefunded amount on charge (${refundable}).`, 'amount');
      }
      charge.amountRefunded += refundAmount;
      return db.insert('refunds', {
        id: db.nextId('re'),
        account: account.id,
        charge: charge.id,
        amount: refundAmount,
        currency: charge.currency,
        reason: reason ?? null,
        created: toUnixSeconds(clock.now()),
      });
    },
  };
}
