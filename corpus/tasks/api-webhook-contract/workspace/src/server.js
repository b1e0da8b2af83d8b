import http from 'node:http';
import { config } from './config.js';
import { createRouter } from './router.js';
import { registerRoutes } from './routes/index.js';
import { sendError, sendJson } from './http/respond.js';
import { HttpError } from './http/errors.js';
import { createInvoiceStore } from './store/invoices.js';
import { createProcessedEvents } from './store/events.js';
import { createEventHandlers } from './webhooks/handlers.js';
import { createInbox } from './services/inbox.js';
import { systemClock } from './utils/clock.js';
import { SEED_INVOICES } from './data/seed.js';

/** A receiver with fresh in-memory invoices and no processed events. */
export function createServer({ webhookSecret = config.webhooks.secret, clock = systemClock } = {}) {
  const invoices = createInvoiceStore(SEED_INVOICES);
  const inbox = createInbox({
    secret: webhookSecret,
    clock,
    processed: createProcessedEvents(),
    handlers: createEventHandlers(invoices),
  });
  const router = createRouter();
  registerRoutes(router, { inbox, invoices });

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
