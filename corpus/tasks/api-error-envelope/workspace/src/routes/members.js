import { readJson } from '../http/request.js';
import { sendJson } from '../http/respond.js';
import { requireStaff } from '../middleware/staff-auth.js';
import { readNewMember } from '../validation/members.js';

export function registerMemberRoutes(router, { members }) {
  router.get(
    '/members/:id',
    requireStaff(({ res, params }) => sendJson(res, 200, members.toPublic(members.get(params.id)))),
  );

  // The desk prints the token on the new library card, so it is returned once, here.
  router.post(
    '/members',
    requireStaff(async ({ req, res }) => {
      const member = members.register(readNewMember(await readJson(req)));
      sendJson(res, 201, { ...members.toPublic(member), token: member.token });
    }),
  );

  router.post(
    '/members/:id/suspend',
    requireStaff(({ res, params }) => sendJson(res, 200, members.toPublic(members.suspend(params.id)))),
  );
}
