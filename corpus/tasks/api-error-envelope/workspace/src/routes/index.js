import { registerHealthRoutes } from './health.js';
import { registerBookRoutes } from './books.js';
import { registerBranchRoutes } from './branches.js';
import { registerSearchRoutes } from './search.js';
import { registerMemberRoutes } from './members.js';
import { registerLoanRoutes } from './loans.js';
import { registerReservationRoutes } from './reservations.js';
import { registerFineRoutes } from './fines.js';
import { registerReportRoutes } from './reports.js';

export function registerRoutes(router, services) {
  registerHealthRoutes(router);
  registerBookRoutes(router, services);
  registerBranchRoutes(router, services);
  registerSearchRoutes(router, services);
  registerMemberRoutes(router, services);
  registerLoanRoutes(router, services);
  registerReservationRoutes(router, services);
  registerFineRoutes(router, services);
  registerReportRoutes(router, services);
}
