import assert from 'node:assert/strict';

/** Asserts the documented error answer: status, JSON content type, `{ error: { code, message } }`. */
export function assertErrorEnvelope(answer, status, code) {
  const label = `${answer.method} ${answer.path}: got ${answer.status} ${answer.contentType || '(no content-type)'} ${answer.text.slice(0, 200)}`;
  assert.equal(answer.status, status, `${label}; expected status ${status}`);
  assert.match(answer.contentType, /^application\/json\b/, `${label}; expected a JSON content type`);
  assert.ok(answer.body && typeof answer.body.error === 'object' && answer.body.error !== null, `${label}; expected { error: { code, message } }`);
  assert.equal(answer.body.error.code, code, `${label}; expected error.code ${code}`);
  assert.equal(typeof answer.body.error.message, 'string', `${label}; expected a string error.message`);
  assert.ok(answer.body.error.message.length > 0, `${label}; expected a non-empty error.message`);
}
