import http from 'node:http';
import { createRouter } from './router.js';
import { registerRoutes } from './routes/index.js';
import { sendError, sendJson } from './http/respond.js';
import { HttpError } from './http/errors.js';
import { createMemoryBackend } from './cache/backend.js';
import { createCache } from './cache/cache.js';
import { createUserStore } from './store/users.js';
import { createSessionStore } from './store/sessions.js';
import { createAccountService } from './services/accounts.js';
import { createSessionService } from './services/sessions.js';
import { createProfileService } from './services/profiles.js';
import { config } from './config.js';
import { systemClock } from './utils/clock.js';
import { seedUsers } from './data/seed.js';

/** Wires stores, caches and services; every server starts from the seed with an empty cache. */
export function createServer({ clock = systemClock } = {}) {
  const users = createUserStore();
  seedUsers(users);
  const backend = createMemoryBackend(clock);
  const sessionCache = createCache(backend, { namespace: 'session', ttlMs: config.cache.sessionTtlMs });
  const profileCache = createCache(backend, { namespace: 'profile', ttlMs: config.cache.profileTtlMs });

  const profiles = createProfileService({ users, profileCache });
  const sessions = createSessionService({ users, sessions: createSessionStore(), sessionCache, clock });
  const accounts = createAccountService({ users, sessions, profiles });

  const router = createRouter();
  registerRoutes(router, { accounts, sessions, profiles });

  return http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    try {
      const handled = await router.handle(req, res, url);
      if (!handled) sendError(res, 404, 'not found');
    } catch (err) {
      if (err instanceof HttpError) {
        sendJson(res, err.status, { error: err.message, ...err.details });
        return;
      }
      console.error(err);
      sendError(res, 500, 'internal error');
    }
  });
}
