import { readJsonBody } from '../http/body.js';
import { sendJson } from '../http/respond.js';
import { validate } from '../validation/validate.js';
import { sessionSchema } from '../validation/schemas.js';

export function registerSessionRoutes(router, { sessions }) {
  router.post('/sessions', async ({ req, res }) => {
    const credentials = validate(sessionSchema, await readJsonBody(req));
    sendJson(res, 200, await sessions.signIn(credentials));
  });
}
