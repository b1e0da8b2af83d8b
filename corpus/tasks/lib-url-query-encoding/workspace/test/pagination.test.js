import { test } from 'node:test';
import assert from 'node:assert/strict';
import { paginate } from '../src/pagination.js';

test('walks pages until a short page', async () => {
  const data = Array.from({ length: 5 }, (_, i) => i);
  const calls = [];
  const list = async ({ offset, limit }) => {
    calls.push(offset);
    return data.slice(offset, offset + limit);
  };
  const seen = [];
  for await (const item of paginate(list, {}, { pageSize: 2 })) seen.push(item);
  assert.deepEqual(seen, data);
  assert.deepEqual(calls, [0, 2, 4]);
});
