import assert from 'node:assert/strict';
import { postJson } from './http.mjs';

/** Posts `items` and asserts a 422 in the documented shape that names every field in `paths`. */
export async function assertRejected(baseUrl, path, body, paths, context) {
  const { status, body: answer } = await postJson(baseUrl, path, body);
  assert.equal(status, 422, `${context}: POST ${path} expected 422, got ${status} ${JSON.stringify(answer).slice(0, 300)}`);
  assert.equal(answer.error, 'validation failed', `${context}: error`);
  assert.equal(typeof answer.fields, 'object', `${context}: a fields object`);
  for (const field of paths) {
    assert.equal(typeof answer.fields[field], 'string', `${context}: fields["${field}"] names the problem; got fields ${JSON.stringify(answer.fields)}`);
  }
  return answer;
}
