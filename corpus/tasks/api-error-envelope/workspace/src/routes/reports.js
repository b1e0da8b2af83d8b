import { sendJson } from '../http/respond.js';
import { requireStaff } from '../middleware/staff-auth.js';

export function registerReportRoutes(router, { reports }) {
  router.get(
    '/reports/overdue',
    requireStaff(({ res }) => sendJson(res, 200, { data: reports.overdue() })),
  );
}
