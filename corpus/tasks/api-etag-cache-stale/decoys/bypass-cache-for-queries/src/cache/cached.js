import { cacheKey } from './response-cache.js';
import { etagOf, matchesIfNoneMatch } from '../http/etag.js';

/**
 * Wraps a GET handler that returns the response body. Answers from the cache when it can,
 * and honours If-None-Match either way. Errors thrown by the handler are never cached.
 */
export function cachedGet(cache, load) {
  return async (ctx) => {
    const key = cacheKey(ctx.url);
    // Filtered views change with every write and went stale; always build them fresh.
    const cacheable = ctx.url.search === '';
    let entry = cacheable ? cache.get(key) : null;
    const hit = entry !== null;
    if (!hit) {
      const payload = JSON.stringify(await load(ctx));
      entry = { payload, etag: etagOf(payload) };
      if (cacheable) cache.set(key, entry);
    }
    send(ctx, entry, hit);
  };
}

function send({ req, res }, entry, hit) {
  const headers = { etag: entry.etag, 'x-cache': hit ? 'hit' : 'miss', 'cache-control': 'no-cache' };
  if (matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(entry.payload),
  });
  res.end(entry.payload);
}
