import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { policyFromOptions } from '../src/index.js';

describe('policyFromOptions', () => {
  it('reads the maximum age with its unit', () => {
    assert.equal(policyFromOptions({ 'max-age': '36h' }).maxAgeMs, 36 * 3600 * 1000);
  });
  it('defaults to seven days and four weeks', () => {
    assert.deepEqual(policyFromOptions({}), { keepDaily: 7, keepWeekly: 4, maxAgeMs: Number.POSITIVE_INFINITY });
  });
  it('refuses a count that is not a whole number', () => {
    assert.throws(() => policyFromOptions({ 'keep-daily': '2.5' }), /--keep-daily expects a whole number/);
  });
});
