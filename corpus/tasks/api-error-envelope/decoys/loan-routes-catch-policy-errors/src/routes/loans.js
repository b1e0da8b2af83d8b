import { readJson } from '../http/request.js';
import { sendJson } from '../http/respond.js';
import { PolicyError } from '../domain/policy-errors.js';
import { requireMember } from '../middleware/member-auth.js';
import { requireStaff } from '../middleware/staff-auth.js';
import { readLoanRequest } from '../validation/members.js';

// Lending refusals reached the kiosk as 500s; answer them in the documented envelope here.
function explainRefusals(handler) {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (!(err instanceof PolicyError)) throw err;
      sendJson(ctx.res, err.status, { error: { code: err.code, message: err.message } });
    }
  };
}

export function registerLoanRoutes(router, { loans, members }) {
  const memberOnly = requireMember(members);

  router.get(
    '/loans',
    memberOnly(({ res, member }) => sendJson(res, 200, { data: loans.forMember(member) })),
  );

  router.post(
    '/loans',
    memberOnly(
      explainRefusals(async ({ req, res, member }) => {
        const { copyId } = readLoanRequest(await readJson(req));
        const loan = loans.borrow(member, copyId);
        sendJson(res, 201, loan, { location: `/loans/${loan.id}` });
      }),
    ),
  );

  router.post(
    '/loans/:id/renew',
    memberOnly(explainRefusals(({ res, params, member }) => sendJson(res, 200, loans.renew(member, params.id)))),
  );

  router.post(
    '/loans/:id/return',
    requireStaff(({ res, params }) => sendJson(res, 200, loans.checkIn(params.id))),
  );
}
