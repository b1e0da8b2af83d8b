import { registerHealthRoutes } from './health.js';
import { registerProductRoutes } from './products.js';
import { registerOrderRoutes } from './orders.js';

export function registerRoutes(router, context) {
  registerHealthRoutes(router);
  registerProductRoutes(router, context);
  registerOrderRoutes(router, context);
}
