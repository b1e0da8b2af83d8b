import { registerHealthRoutes } from './health.js';
import { registerWebhookRoutes } from './webhooks.js';
import { registerInvoiceRoutes } from './invoices.js';

export function registerRoutes(router, context) {
  registerHealthRoutes(router);
  registerWebhookRoutes(router, context);
  registerInvoiceRoutes(router, context);
}
