import { sendJson } from '../http/respond.js';
import { requireMember } from '../middleware/member-auth.js';
import { requireStaff } from '../middleware/staff-auth.js';

export function registerFineRoutes(router, { fines, members }) {
  router.get(
    '/fines',
    requireMember(members)(({ res, member }) => {
      const data = fines.forMember(member.id);
      sendJson(res, 200, { data, owedCents: fines.owedCents(member.id) });
    }),
  );

  router.post(
    '/fines/:id/pay',
    requireStaff(({ res, params }) => sendJson(res, 200, fines.pay(params.id))),
  );
}
