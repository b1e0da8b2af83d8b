import { config } from '../config.js';
import { verifySignature } from '../webhooks/signature.js';
import { parseEnvelope } from '../webhooks/envelope.js';

/** Receives one Paylane delivery: authenticate, parse, apply once. Repeats are acknowledged, not applied. */
export function createInbox({ secret, clock, processed, handlers }) {
  return {
    receive({ signatureHeader, rawBody }) {
      verifySignature({ header: signatureHeader, rawBody, secret, nowMs: clock.now(), toleranceSeconds: config.webhooks.toleranceSeconds });
      const event = parseEnvelope(rawBody);
      // Paylane delivers at least once; a repeat must still get a 2xx or it is retried for days.
      const duplicate = processed.has(event.id);
      handlers.apply(event);
      processed.add(event.id);
      return duplicate ? { received: true, duplicate: true } : { received: true };
    },
  };
}
