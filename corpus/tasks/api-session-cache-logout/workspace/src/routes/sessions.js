import { readJson } from '../http/body.js';
import { requireAuth } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { sendJson, sendNoContent } from '../http/respond.js';
import { toAccount } from '../services/accounts.js';

export function registerSessionRoutes(router, { sessions }) {
  router.post('/sessions', async ({ req, res }) => {
    const { email, password } = await readJson(req);
    const signedIn = typeof email === 'string' && typeof password === 'string' ? sessions.signIn(email, password) : null;
    if (!signedIn) throw new HttpError(401, 'invalid credentials');
    sendJson(res, 201, { token: signedIn.token, user: toAccount(signedIn.user) });
  });

  router.delete('/sessions/current', ({ req, res }) => {
    const { token } = requireAuth(sessions, req);
    sessions.signOut(token);
    sendNoContent(res);
  });
}
