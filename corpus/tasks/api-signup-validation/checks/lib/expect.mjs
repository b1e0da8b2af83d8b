import assert from 'node:assert/strict';
import { describeAnswer } from './http.mjs';

/** A refused field must come back as 400 with the documented `fields` map naming it. */
export function assertFieldRejected(answer, field, label) {
  assert.equal(answer.status, 400, describeAnswer(label, answer));
  assert.equal(answer.body?.error, 'validation failed', describeAnswer(label, answer));
  assert.equal(typeof answer.body?.fields?.[field], 'string', `${describeAnswer(label, answer)}; expected fields.${field}`);
}
