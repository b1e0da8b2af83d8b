import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

// Existing behaviour: amounts that divide exactly, parsing, formatting and validation stay as they are.
export default async function ({ workspace }) {
  const lib = await loadLibrary(workspace);
  const { allocate, splitEvenly, parseAmount, formatAmount, percentOf, BillingError } = lib;

  assert.deepEqual(splitEvenly(900, 3), [300, 300, 300]);
  assert.deepEqual(splitEvenly(1234, 1), [1234]);
  assert.deepEqual(splitEvenly(0, 4), [0, 0, 0, 0]);
  assert.deepEqual(allocate(1000, [3, 1, 1]), [600, 200, 200]);
  assert.deepEqual(allocate(500, [0, 1]), [0, 500]);
  assert.throws(() => allocate(100, [0, 0]), BillingError);
  assert.throws(() => allocate(100, [1, -1]), BillingError);
  assert.throws(() => allocate(-100, [1, 1]), BillingError);
  assert.throws(() => splitEvenly(100, 0), BillingError);
  assert.throws(() => splitEvenly(100.5, 2), BillingError);

  assert.equal(parseAmount('4.10', 'USD'), 410);
  assert.equal(parseAmount(4.1, 'USD'), 410);
  assert.equal(parseAmount('1000', 'JPY'), 1000);
  assert.equal(parseAmount('1.25', 'KWD'), 1250);
  assert.throws(() => parseAmount('4.105', 'USD'), /more decimals than USD allows/);
  assert.throws(() => parseAmount('4,10', 'USD'), BillingError);

  assert.equal(formatAmount(410, 'USD'), '$4.10');
  assert.equal(formatAmount(-122, 'USD'), '-$1.22');
  assert.equal(formatAmount(123456789, 'EUR'), '€1,234,567.89');
  assert.equal(formatAmount(1000, 'JPY'), '¥1,000');
  assert.equal(formatAmount(1250, 'KWD'), 'KWD 1.250');
  assert.equal(formatAmount(5, 'USD'), '$0.05');

  assert.equal(percentOf(810, 15), 122);
  assert.equal(percentOf(1000, 8.875), 89);
  assert.equal(percentOf(50, 1), 1);
  assert.equal(percentOf(49, 1), 0);
}
