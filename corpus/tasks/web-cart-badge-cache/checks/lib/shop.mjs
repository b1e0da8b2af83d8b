import assert from 'node:assert/strict';

export async function openShop(page, baseUrl) {
  await page.goto(baseUrl);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
}

export async function add(page, productName) {
  await page.getByRole('button', { name: `Add ${productName} to cart`, exact: true }).click();
}

export async function decrease(page, productName) {
  await page.getByRole('button', { name: `Decrease quantity of ${productName}`, exact: true }).click();
}

export async function increase(page, productName) {
  await page.getByRole('button', { name: `Increase quantity of ${productName}`, exact: true }).click();
}

export async function removeLine(page, productName) {
  await page.getByRole('button', { name: `Remove ${productName} from cart`, exact: true }).click();
}

/** The badge's visible number and its accessible name. */
export async function badge(page) {
  const link = page.locator('#cart-badge');
  return { count: (await link.locator('.cart-count').textContent()).trim(), label: await link.getAttribute('aria-label') };
}

export async function assertBadge(page, count, context) {
  assert.deepEqual(await badge(page), { count: String(count), label: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` }, `cart badge ${context}`);
}

export async function totals(page) {
  const read = async (id) => (await page.locator(`#cart-${id}`).textContent()).trim();
  return { subtotal: await read('subtotal'), shipping: await read('shipping'), total: await read('total') };
}

export async function assertQty(page, productName, qty) {
  const line = page.locator('.cart-line', { hasText: productName });
  assert.equal((await line.locator('.qty-value').textContent()).trim(), String(qty), `quantity shown for ${productName}`);
}
