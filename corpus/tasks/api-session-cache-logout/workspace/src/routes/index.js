import { registerHealthRoutes } from './health.js';
import { registerSessionRoutes } from './sessions.js';
import { registerMeRoutes } from './me.js';
import { registerUserRoutes } from './users.js';

export function registerRoutes(router, services) {
  registerHealthRoutes(router);
  registerSessionRoutes(router, services);
  registerMeRoutes(router, services);
  registerUserRoutes(router, services);
}
