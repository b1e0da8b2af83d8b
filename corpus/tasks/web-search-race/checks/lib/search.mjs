import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Serves /api/search from the workspace's data/products.json (as dev-server.js
 * does), but holds each answer until the check releases it, so the check decides
 * the order in which responses arrive.
 */
export async function controlSearchApi(page, workspace) {
  const products = JSON.parse(await readFile(join(workspace, 'data/products.json'), 'utf8'));
  const pending = new Map();
  const waiting = new Map();

  await page.route('**/api/search?*', async (route) => {
    const url = new URL(route.request().url());
    const query = url.searchParams.get('q') ?? '';
    const limit = Number(url.searchParams.get('limit')) || 20;
    const needle = query.trim().toLowerCase();
    const matches = products.filter((p) => p.name.toLowerCase().includes(needle));
    const body = JSON.stringify({ query, total: matches.length, items: matches.slice(0, limit) });
    let release;
    const released = new Promise((resolve) => (release = resolve));
    pending.set(query, { release, done: released.then(() => route.fulfill({ status: 200, contentType: 'application/json', body }).catch(() => {})) });
    waiting.get(query)?.();
  });

  return {
    /** Resolves once the page has asked for `query`. */
    requested(query) {
      if (pending.has(query)) return Promise.resolve();
      return new Promise((resolve) => waiting.set(query, resolve));
    },
    /** Lets the held response for `query` reach the page; resolves once it was delivered (or the request was gone). */
    async release(query) {
      const entry = pending.get(query);
      entry.release();
      await entry.done;
    },
    expectedNames(query) {
      const needle = query.toLowerCase();
      return products.filter((p) => p.name.toLowerCase().includes(needle)).map((p) => p.name);
    },
  };
}

export async function resultNames(page) {
  return (await page.locator('.result-name').allTextContents()).map((t) => t.trim());
}

export async function statusText(page) {
  return (await page.locator('#search-status').textContent()).trim();
}

/** Gives the page a few turns of its event loop to handle anything that just arrived. */
export async function settle(page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 60)));
}
