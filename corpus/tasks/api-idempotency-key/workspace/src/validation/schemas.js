import { integer, metadataMap, oneOf, optional, string } from './rules.js';

export const CURRENCIES = ['usd', 'eur', 'gbp'];

export const createChargeParams = {
  amount: integer({ min: 50, max: 99_999_999 }),
  currency: oneOf(CURRENCIES),
  source: string({ maxLength: 100 }),
  description: optional(string({ maxLength: 1000 })),
  customer: optional(string({ maxLength: 100 })),
  metadata: optional(metadataMap()),
};

export const createRefundParams = {
  charge: string({ maxLength: 100 }),
  amount: optional(integer({ min: 1 })),
  reason: optional(oneOf(['duplicate', 'fraudulent', 'requested_by_customer'])),
};

export const createCustomerParams = {
  email: string({ maxLength: 320, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ }),
  name: optional(string({ maxLength: 200 })),
};
