import { readJson } from '../http/request.js';
import { sendJson, sendNoContent } from '../http/respond.js';
import { requireMember } from '../middleware/member-auth.js';
import { readReservationRequest } from '../validation/members.js';

export function registerReservationRoutes(router, { reservations, members }) {
  const memberOnly = requireMember(members);

  router.get(
    '/reservations',
    memberOnly(({ res, member }) => sendJson(res, 200, { data: reservations.forMember(member) })),
  );

  router.post(
    '/reservations',
    memberOnly(async ({ req, res, member }) => {
      const { bookId } = readReservationRequest(await readJson(req));
      sendJson(res, 201, reservations.place(member, bookId));
    }),
  );

  router.delete(
    '/reservations/:id',
    memberOnly(({ res, params, member }) => {
      reservations.cancel(member, params.id);
      sendNoContent(res);
    }),
  );
}
