/** The public shape of an order or a quote; internal bookkeeping stays out of responses. */
export function toPublicOrder(order) {
  return {
    id: order.id ?? null,
    status: order.status,
    customer: order.customer,
    lines: order.lines.map(({ sku, name, quantity, unitPrice, lineTotal }) => ({ sku, name, quantity, unitPrice, lineTotal })),
    subtotal: order.subtotal,
    shipping: order.shipping,
    total: order.total,
    currency: order.currency,
  };
}
