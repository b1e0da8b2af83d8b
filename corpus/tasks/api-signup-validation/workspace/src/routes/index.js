import { createUserService } from '../services/users.js';
import { createSessionService } from '../services/sessions.js';
import { registerUserRoutes } from './users.js';
import { registerSessionRoutes } from './sessions.js';
import { registerHealthRoutes } from './health.js';

export function registerRoutes(router, { store }) {
  const users = createUserService(store);
  const sessions = createSessionService(store);
  registerHealthRoutes(router);
  registerUserRoutes(router, { users, sessions });
  registerSessionRoutes(router, { sessions });
}
