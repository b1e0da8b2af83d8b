import { config } from '../config.js';
import { readRawBody } from '../http/body.js';
import { sendJson } from '../http/respond.js';

export function registerWebhookRoutes(router, { inbox }) {
  router.post('/webhooks/paylane', async ({ req, res }) => {
    const rawBody = await readRawBody(req, config.webhooks.maxBodyBytes);
    const result = inbox.receive({ signatureHeader: req.headers['paylane-signature'], rawBody });
    sendJson(res, 200, result);
  });
}
