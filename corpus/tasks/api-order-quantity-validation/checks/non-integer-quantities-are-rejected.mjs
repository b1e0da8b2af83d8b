import { customer, withServer } from './lib/http.mjs';
import { assertRejected } from './lib/rejects.mjs';

// quantity must be a JSON integer: strings, null, booleans and a missing quantity are 422s, not coerced.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    const cases = [['"2"', '2'], ['"two"', 'two'], ['null', null], ['true', true], ['[1]', [1]]];
    for (const [label, quantity] of cases) {
      await assertRejected(baseUrl, '/orders', { customer, items: [{ sku: 'TOWEL-LIN', quantity }] }, ['items[0].quantity'], `quantity ${label}`);
    }
    await assertRejected(baseUrl, '/orders', { customer, items: [{ sku: 'TOWEL-LIN' }] }, ['items[0].quantity'], 'a line without quantity');
  });
}
