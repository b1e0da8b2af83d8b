import { readJson } from '../http/request.js';
import { sendJson } from '../http/respond.js';
import { requireMember } from '../middleware/member-auth.js';
import { requireStaff } from '../middleware/staff-auth.js';
import { readLoanRequest } from '../validation/members.js';

export function registerLoanRoutes(router, { loans, members }) {
  const memberOnly = requireMember(members);

  router.get(
    '/loans',
    memberOnly(({ res, member }) => sendJson(res, 200, { data: loans.forMember(member) })),
  );

  router.post(
    '/loans',
    memberOnly(async ({ req, res, member }) => {
      const { copyId } = readLoanRequest(await readJson(req));
      const loan = loans.borrow(member, copyId);
      sendJson(res, 201, loan, { location: `/loans/${loan.id}` });
    }),
  );

  router.post(
    '/loans/:id/renew',
    memberOnly(({ res, params, member }) => sendJson(res, 200, loans.renew(member, params.id))),
  );

  router.post(
    '/loans/:id/return',
    requireStaff(({ res, params }) => sendJson(res, 200, loans.checkIn(params.id))),
  );
}
