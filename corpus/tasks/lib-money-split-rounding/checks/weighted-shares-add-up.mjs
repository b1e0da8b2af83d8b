import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

// Proportional shares add up to the amount: round down, then the largest remainders get the leftover units.
export default async function ({ workspace }) {
  const { allocate, splitInvoice, splitByOrder, buildInvoice } = await loadLibrary(workspace);
  assert.deepEqual(allocate(1003, [50, 30, 20]), [501, 301, 201], 'allocate(1003, [50, 30, 20])');
  assert.deepEqual(allocate(100, [1, 1, 1]), [34, 33, 33], 'allocate(100, [1, 1, 1])');
  assert.deepEqual(allocate(2, [1, 1, 1]), [1, 1, 0], 'allocate(2, [1, 1, 1]) must not invent a unit');
  assert.deepEqual(allocate(4, [1, 1, 1, 1, 1, 1]), [1, 1, 1, 1, 0, 0], 'allocate(4, six equal weights)');
  assert.deepEqual(allocate(7, [0, 2, 1]), [0, 5, 2], 'a zero weight gets nothing');
  assert.deepEqual(allocate(1000, [1, 2]), [333, 667], 'allocate(1000, [1, 2])');

  const invoice = buildInvoice({
    currency: 'USD',
    lines: [
      { description: 'Pizza', unitPrice: '10.00' },
      { description: 'Pasta', unitPrice: '10.00' },
      { description: 'Salad', unitPrice: '10.00' },
      { description: 'Tiramisu', unitPrice: '3.33' },
    ],
  });
  assert.equal(invoice.total, 3333);
  assert.deepEqual(splitInvoice(invoice, { weights: [2, 1, 1] }), [1667, 833, 833], 'weighted split of $33.33');
  const byOrder = splitByOrder(invoice, ['ana', 'ben', 'cy', 'ana']);
  assert.deepEqual([...byOrder], [['ana', 1333], ['ben', 1000], ['cy', 1000]]);
  const shares = splitByOrder(invoice, ['ana', 'ben', 'cy', 'dee']);
  assert.equal([...shares.values()].reduce((a, b) => a + b, 0), 3333, 'shares by order add up to the total');
}
