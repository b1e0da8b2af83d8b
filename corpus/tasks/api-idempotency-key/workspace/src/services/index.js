import { createBalanceService } from './balance.js';
import { createChargeService } from './charges.js';
import { createCustomerService } from './customers.js';
import { createProcessor } from './processor.js';
import { createRefundService } from './refunds.js';

export function createServices({ db, config }) {
  const processor = createProcessor(config);
  const customers = createCustomerService({ db, clock: config.clock });
  const charges = createChargeService({ db, clock: config.clock, processor, customers });
  const refunds = createRefundService({ db, clock: config.clock, charges });
  const balance = createBalanceService({ db });
  return { charges, refunds, customers, balance };
}
