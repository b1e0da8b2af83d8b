/**
 * What each event type does to our invoices. Unknown types are ignored on purpose: Paylane
 * adds event types without notice and expects them to be acknowledged.
 */
export function createEventHandlers(invoices) {
  function settle(invoiceId, delta) {
    const invoice = invoices.get(invoiceId);
    if (!invoice) return;
    const amountPaid = invoice.amountPaid + delta;
    invoices.update(invoiceId, { amountPaid, status: amountPaid >= invoice.total ? 'paid' : 'open' });
  }

  const handlers = {
    'invoice.paid': (object) => settle(object.invoice, object.amount),
    'invoice.refunded': (object) => settle(object.invoice, -object.amount),
  };

  return {
    apply(event) {
      handlers[event.type]?.(event.object);
    },
  };
}
