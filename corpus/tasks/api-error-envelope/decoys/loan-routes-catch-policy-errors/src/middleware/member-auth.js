import { bearerToken } from '../http/request.js';
import { UnauthenticatedError } from '../http/errors.js';

/** Wraps a handler so it runs for a signed-in member, passed on as `ctx.member`. */
export function requireMember(members) {
  return (handler) => async (ctx) => {
    const token = bearerToken(ctx.req);
    const member = token ? members.findByToken(token) : null;
    if (!member) throw new UnauthenticatedError('A valid member token is required');
    return handler({ ...ctx, member });
  };
}
