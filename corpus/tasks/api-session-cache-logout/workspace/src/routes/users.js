import { notFound } from '../http/errors.js';
import { sendJson } from '../http/respond.js';

export function registerUserRoutes(router, { profiles }) {
  router.get('/users/:id', ({ res, params }) => {
    const profile = profiles.publicProfile(params.id);
    if (!profile) throw notFound('user not found');
    sendJson(res, 200, profile);
  });
}
