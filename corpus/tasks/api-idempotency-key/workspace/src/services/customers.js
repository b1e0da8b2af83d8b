import { notFound } from '../http/errors.js';
import { toUnixSeconds } from '../utils/clock.js';

export function createCustomerService({ db, clock }) {
  return {
    create(account, { email, name }) {
      return db.insert('customers', {
        id: db.nextId('cus'),
        account: account.id,
        email: email.toLowerCase(),
        name: name ?? null,
        created: toUnixSeconds(clock.now()),
      });
    },
    get(account, id) {
      const customer = db.find('customers', account.id, id);
      if (!customer) throw notFound(`No such customer: '${id}'`);
      return customer;
    },
  };
}
