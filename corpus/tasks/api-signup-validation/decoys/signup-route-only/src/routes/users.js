import { readJsonBody } from '../http/body.js';
import { requireUser } from '../http/auth.js';
import { forbidden, validationFailed } from '../http/errors.js';
import { sendJson } from '../http/respond.js';
import { validate } from '../validation/validate.js';
import { signupSchema, profileSchema } from '../validation/schemas.js';
import { toPublicUser } from '../models/user.js';

const SINGLE_EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const TRIMMED = ['email', 'displayName', 'bio'];

// Clean up signup bodies before validation: wrong types, padding and multi-address emails.
function normalizeSignup(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const errors = {};
  const clean = { ...body };
  for (const [field, value] of Object.entries(body)) {
    if (!(field in signupSchema)) continue;
    if (typeof value !== 'string') errors[field] = 'must be a string';
    else if (TRIMMED.includes(field)) clean[field] = value.trim();
  }
  if (typeof clean.email === 'string' && clean.email && !SINGLE_EMAIL.test(clean.email)) errors.email = 'must be a valid email address';
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return clean;
}

export function registerUserRoutes(router, { users, sessions }) {
  router.post('/users', async ({ req, res }) => {
    const input = validate(signupSchema, normalizeSignup(await readJsonBody(req)));
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
