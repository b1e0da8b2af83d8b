import assert from 'node:assert/strict';
import { call, manualClock, withServer } from './lib/server.mjs';

// Existing behaviour: links can be created, looked up and followed; bad input is a 400.
export default async function ({ workspace }) {
  const clock = manualClock(1_700_000_000_000);
  await withServer(workspace, { now: clock.now, baseUrl: 'https://sho.rt' }, async (baseUrl) => {
    const created = await call(baseUrl, '/api/links', { method: 'POST', body: { url: 'https://example.org/a/long/path?q=1' } });
    assert.equal(created.status, 201);
    const link = JSON.parse(created.text);
    assert.match(link.code, /^[A-Za-z0-9]{7}$/);
    assert.equal(link.shortUrl, `https://sho.rt/${link.code}`);

    const redirect = await call(baseUrl, `/${link.code}`);
    assert.equal(redirect.status, 302);
    assert.equal(redirect.headers.get('location'), 'https://example.org/a/long/path?q=1');

    const found = JSON.parse((await call(baseUrl, `/api/links/${link.code}`)).text);
    assert.equal(found.visits, 1);

    const bad = await call(baseUrl, '/api/links', { method: 'POST', body: { url: 'ftp://example.org' } });
    assert.equal(bad.status, 400);
    assert.equal(JSON.parse(bad.text).error.code, 'invalid_request');
  });
}
