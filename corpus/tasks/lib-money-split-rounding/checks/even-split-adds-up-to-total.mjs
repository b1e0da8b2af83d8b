import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

// Equal shares add up to the amount; the leftover units go to the first shares.
export default async function ({ workspace }) {
  const { splitEvenly, splitInvoice, buildInvoice } = await loadLibrary(workspace);
  assert.deepEqual(splitEvenly(10000, 3), [3334, 3333, 3333], '$100.00 three ways');
  assert.deepEqual(splitEvenly(1000, 3), [334, 333, 333], '¥1,000 three ways');
  assert.deepEqual(splitEvenly(10, 4), [3, 3, 2, 2], '10 units four ways');
  assert.deepEqual(splitEvenly(5, 6), [1, 1, 1, 1, 1, 0], '5 units six ways');

  for (let amount = 0; amount <= 400; amount += 7) {
    for (let parts = 1; parts <= 9; parts += 1) {
      const shares = splitEvenly(amount, parts);
      const sum = shares.reduce((a, b) => a + b, 0);
      assert.equal(sum, amount, `splitEvenly(${amount}, ${parts}) = ${JSON.stringify(shares)} adds up to ${sum}`);
      assert.ok(Math.max(...shares) - Math.min(...shares) <= 1, `splitEvenly(${amount}, ${parts}) = ${JSON.stringify(shares)}`);
    }
  }

  const invoice = buildInvoice({ currency: 'USD', lines: [{ description: 'Set menu', unitPrice: '25.00', quantity: 4 }] });
  assert.equal(invoice.total, 10000);
  assert.deepEqual(splitInvoice(invoice, 3), [3334, 3333, 3333], 'splitInvoice of a $100.00 bill three ways');
}
