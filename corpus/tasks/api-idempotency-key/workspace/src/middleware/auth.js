import { unauthenticated } from '../http/errors.js';

const PUBLIC_PATHS = new Set(['/health']);

/** Resolves the secret key in `Authorization: Bearer …` to its account (`ctx.state.account`). */
export function authenticate(db) {
  return async (ctx, next) => {
    if (PUBLIC_PATHS.has(ctx.path)) return next();
    const header = ctx.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthenticated('You did not provide an API key. Use "Authorization: Bearer <secret key>".');
    const account = db.accountByKey(match[1]);
    if (!account) throw unauthenticated('Invalid API key provided.');
    ctx.state.account = account;
    await next();
  };
}
