import { withServer } from './lib/http.mjs';
import { assertRejected } from './lib/rejects.mjs';

// The basket preview (POST /orders/quote) refuses the same lines as checkout does.
export default async function ({ workspace }) {
  await withServer(workspace, async (baseUrl) => {
    await assertRejected(baseUrl, '/orders/quote', { items: [{ sku: 'MUG-ENAMEL', quantity: -1 }] }, ['items[0].quantity'], 'quote with quantity -1');
    await assertRejected(baseUrl, '/orders/quote', { items: [{ sku: 'MUG-ENAMEL', quantity: '3' }] }, ['items[0].quantity'], 'quote with quantity "3"');
    await assertRejected(baseUrl, '/orders/quote', { items: [{ sku: 'KETTLE', quantity: 1 }] }, ['items[0].sku'], 'quote with an unknown sku');
  });
}
