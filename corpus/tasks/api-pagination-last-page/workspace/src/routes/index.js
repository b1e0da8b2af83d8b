import { registerHealthRoutes } from './health.js';
import { registerProductRoutes } from './products.js';
import { registerCategoryRoutes } from './categories.js';

export function registerRoutes(router) {
  registerHealthRoutes(router);
  registerProductRoutes(router);
  registerCategoryRoutes(router);
}
