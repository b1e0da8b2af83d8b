import { readJson } from '../http/body.js';
import { requireAuth } from '../http/auth.js';
import { sendJson, sendNoContent } from '../http/respond.js';
import { toAccount } from '../services/accounts.js';

export function registerMeRoutes(router, { sessions, accounts }) {
  router.get('/me', ({ req, res }) => {
    const { user } = requireAuth(sessions, req);
    sendJson(res, 200, toAccount(user));
  });

  router.patch('/me', async ({ req, res }) => {
    const auth = requireAuth(sessions, req);
    sendJson(res, 200, accounts.updateProfile(auth.user, await readJson(req)));
  });

  router.post('/me/password', async ({ req, res }) => {
    const auth = requireAuth(sessions, req);
    accounts.changePassword(auth, await readJson(req));
    sendNoContent(res);
  });
}
