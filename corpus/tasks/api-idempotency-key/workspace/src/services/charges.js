import { ApiError, invalidRequest, notFound } from '../http/errors.js';
import { toUnixSeconds } from '../utils/clock.js';

export function createChargeService({ db, clock, processor, customers }) {
  return {
    /** Authorizes the card and records the charge, succeeded or failed. */
    async create(account, { amount, currency, source, description, customer, metadata }) {
      if (!processor.knows(source)) throw invalidRequest(`No such token: '${source}'.`, 'source');
      if (customer !== undefined) customers.get(account, customer);
      const result = await processor.authorize(source);
      const charge = db.insert('charges', {
        id: db.nextId('ch'),
        account: account.id,
        amount,
        amountRefunded: 0,
        currency,
        description: description ?? null,
        customer: customer ?? null,
        metadata: metadata ?? {},
        card: result.card,
        status: result.approved ? 'succeeded' : 'failed',
        failureCode: result.approved ? null : result.declineCode,
        created: toUnixSeconds(clock.now()),
      });
      if (!result.approved) {
        throw new ApiError(402, 'card_error', 'Your card was declined.', {
          code: 'card_declined',
          decline_code: result.declineCode,
          charge: charge.id,
        });
      }
      return charge;
    },
    get(account, id) {
      const charge = db.find('charges', account.id, id);
      if (!charge) throw notFound(`No such charge: '${id}'`);
      return charge;
    },
    list(account, { limit }) {
      return db
        .list('charges', account.id)
        .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1))
        .slice(0, limit);
    },
  };
}
