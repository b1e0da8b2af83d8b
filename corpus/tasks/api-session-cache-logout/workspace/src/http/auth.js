import { unauthorized } from './errors.js';

function bearerToken(req) {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** Resolves the request's bearer token to `{ token, session, user }` or throws a 401. */
export function requireAuth(sessions, req) {
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  const auth = sessions.authenticate(token);
  if (!auth) throw unauthorized();
  return { token, ...auth };
}
