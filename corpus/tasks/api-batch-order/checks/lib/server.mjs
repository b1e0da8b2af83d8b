import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A warehouse whose answers take a fixed number of event-loop turns per SKU,
 * so completion order is deterministic without timers. SKUs in `failing`
 * reject like a timed-out warehouse call.
 */
export function scriptedWarehouse({ levels, turns = {}, failing = [] }) {
  let inFlight = 0;
  let maxInFlight = 0;
  return {
    get maxInFlight() {
      return maxInFlight;
    },
    async getStock(sku) {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        for (let i = 0; i < (turns[sku] ?? 0); i += 1) await tick();
        if (failing.includes(sku)) throw new Error(`warehouse request for ${sku} timed out`);
        return Object.hasOwn(levels, sku) ? { sku, available: levels[sku] } : null;
      } finally {
        inFlight -= 1;
      }
    },
  };
}

/** Starts the workspace server on 127.0.0.1:0, runs `fn(api)`, and closes the server. */
export async function withServer(workspace, options, fn) {
  const { createServer } = await import(pathToFileURL(join(workspace, 'src/server.js')).href);
  const server = createServer(options);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const base = `http://127.0.0.1:${server.address().port}`;
  const api = {
    async request(method, path, body) {
      const res = await fetch(base + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, body: json, text };
    },
    batch(requests) {
      return api.request('POST', '/api/batch', { requests });
    },
  };
  try {
    return await fn(api);
  } finally {
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Describes a batch answer briefly for assertion messages. */
export function describe(result) {
  return `${result.status} ${result.text.slice(0, 300)}`;
}
