import { registerBalanceRoutes } from './balance.js';
import { registerChargeRoutes } from './charges.js';
import { registerCustomerRoutes } from './customers.js';
import { registerHealthRoutes } from './health.js';
import { registerRefundRoutes } from './refunds.js';

export function registerRoutes(router, services) {
  registerHealthRoutes(router);
  registerChargeRoutes(router, services);
  registerRefundRoutes(router, services);
  registerCustomerRoutes(router, services);
  registerBalanceRoutes(router, services);
}
