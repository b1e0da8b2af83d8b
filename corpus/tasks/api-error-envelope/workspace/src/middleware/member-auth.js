import { bearerToken } from '../http/request.js';

/** Wraps a handler so it runs for a signed-in member, passed on as `ctx.member`. */
export function requireMember(members) {
  return (handler) => async (ctx) => {
    const token = bearerToken(ctx.req);
    const member = token ? members.findByToken(token) : null;
    if (!member) {
      ctx.res.writeHead(401, { 'www-authenticate': 'Bearer realm="members"' });
      ctx.res.end('Unauthorized');
      return;
    }
    return handler({ ...ctx, member });
  };
}
