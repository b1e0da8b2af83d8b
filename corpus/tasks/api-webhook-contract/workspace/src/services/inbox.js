import { config } from '../config.js';
import { conflict } from '../http/errors.js';
import { verifySignature } from '../webhooks/signature.js';
import { parseEnvelope } from '../webhooks/envelope.js';

/** Receives one Paylane delivery: authenticate, parse, refuse repeats, apply. */
export function createInbox({ secret, clock, processed, handlers }) {
  return {
    receive({ signatureHeader, rawBody }) {
      verifySignature({ header: signatureHeader, rawBody, secret, nowMs: clock.now(), toleranceSeconds: config.webhooks.toleranceSeconds });
      const event = parseEnvelope(rawBody);
      if (processed.has(event.id)) throw conflict('duplicate event', { id: event.id });
      handlers.apply(event);
      processed.add(event.id);
      return { received: true };
    },
  };
}
