import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const BAKERY = 'sk_test_bakery_4eC39HqLyjWDarjtT1zdp7dc';
export const FLORIST = 'sk_test_florist_BQokikJOvBiI2HlWgH4olfQ2';
export const CYCLES_NEW = 'sk_test_cycles_new_9kQx2mZ7';
export const CYCLES_OLD = 'sk_test_cycles_old_Lp3vN8sR';

/** A clock the check moves by hand. */
export function manualClock(start = Date.UTC(2025, 0, 15, 9, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Starts the workspace's server on an ephemeral loopback port, runs `fn(api)`, always closes it. */
export async function withApi(workspace, options, fn) {
  const { createServer } = await import(pathToFileURL(join(workspace, 'src/server.js')).href);
  const server = createServer(options);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const baseUrl = `http://127.0.0.1:${server.address().port}`;
  try {
    return await fn(client(baseUrl));
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

function client(baseUrl) {
  async function call(method, path, { secret, key, body } = {}) {
    const headers = {};
    if (secret) headers.authorization = `Bearer ${secret}`;
    if (key !== undefined) headers['idempotency-key'] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    let json;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new Error(`${method} ${path}: expected a JSON body, got ${JSON.stringify(text.slice(0, 200))}`);
    }
    return { status: response.status, replayed: response.headers.get('idempotent-replayed'), body: json };
  }
  return {
    post: (path, secret, body, key) => call('POST', path, { secret, body, key }),
    get: (path, secret) => call('GET', path, { secret }),
    /** The account's charges, oldest first, as [amount, status] pairs. */
    async charges(secret) {
      const { status, body } = await call('GET', '/v1/charges?limit=100', { secret });
      if (status !== 200) throw new Error(`GET /v1/charges answered ${status}`);
      return body.data.map((charge) => [charge.amount, charge.status]).reverse();
    },
    async balance(secret) {
      const { body } = await call('GET', '/v1/balance', { secret });
      return body.available;
    },
  };
}
