import { readJsonBody } from '../http/body.js';
import { requireUser } from '../http/auth.js';
import { forbidden } from '../http/errors.js';
import { sendJson } from '../http/respond.js';
import { validate } from '../validation/validate.js';
import { signupSchema, profileSchema } from '../validation/schemas.js';
import { toPublicUser } from '../models/user.js';

export function registerUserRoutes(router, { users, sessions }) {
  router.post('/users', async ({ req, res }) => {
    const input = validate(signupSchema, await readJsonBody(req));
    const user = await users.register(input);
    sendJson(res, 201, { user: toPublicUser(user), token: sessions.issue(user.id) });
  });

  router.get('/users/:id', async ({ res, params }) => {
    sendJson(res, 200, toPublicUser(await users.get(params.id)));
  });

  router.patch('/users/:id', async ({ req, res, params }) => {
    const userId = requireUser(req, sessions);
    if (userId !== params.id) throw forbidden('you can only edit your own profile');
    const changes = validate(profileSchema, await readJsonBody(req));
    sendJson(res, 200, toPublicUser(await users.updateProfile(userId, changes)));
  });
}
