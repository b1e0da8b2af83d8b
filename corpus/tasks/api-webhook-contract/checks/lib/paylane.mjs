import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const SECRET = 'whsec_live_7c1e9b';
export const OLD_SECRET = 'whsec_live_2a04d3';
/** The receiver's clock is pinned so timestamps are exact: 2024-06-01T12:00:00Z. */
export const NOW_SECONDS = 1717243200;

/** Starts the receiver with SECRET and a pinned clock on an ephemeral loopback port. */
export async function withReceiver(workspace, fn) {
  const { createServer } = await import(pathToFileURL(join(workspace, 'src/server.js')).href);
  const server = createServer({ webhookSecret: SECRET, clock: { now: () => NOW_SECONDS * 1000 } });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  try {
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

export function signature(secret, t, body) {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

let counter = 0;
export function paidEvent(invoice, amount, overrides = {}) {
  counter += 1;
  return { id: `evt_check_${counter}`, type: 'invoice.paid', created: NOW_SECONDS - 5, data: { object: { invoice, amount, currency: 'EUR' } }, ...overrides };
}

/**
 * POSTs an event the way Paylane does. `secrets` lists the signing secrets in header order;
 * `t` defaults to the receiver's now; `header` overrides the whole signature header.
 */
export async function deliver(baseUrl, event, { secrets = [SECRET], t = NOW_SECONDS, header, body } = {}) {
  const raw = body ?? JSON.stringify(event);
  const headers = { 'content-type': 'application/json' };
  const value = header !== undefined ? header : [`t=${t}`, ...secrets.map((secret) => `v1=${signature(secret, t, raw)}`)].join(',');
  if (value !== null) headers['paylane-signature'] = value;
  const response = await fetch(`${baseUrl}/webhooks/paylane`, { method: 'POST', headers, body: raw });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`POST /webhooks/paylane: expected JSON, got ${response.status} ${JSON.stringify(text.slice(0, 200))}`);
  }
  return { status: response.status, body: json };
}

export async function invoice(baseUrl, id) {
  const response = await fetch(`${baseUrl}/invoices/${id}`);
  assert.equal(response.status, 200, `GET /invoices/${id}`);
  return response.json();
}
