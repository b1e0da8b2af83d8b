/** Invoices by id; `amountPaid` and `status` are what the webhooks keep in sync. */
export function createInvoiceStore(seed) {
  const invoices = new Map(seed.map((invoice) => [invoice.id, { ...invoice, amountPaid: 0, status: 'open' }]));

  return {
    get(id) {
      return invoices.get(id);
    },
    update(id, changes) {
      const invoice = { ...invoices.get(id), ...changes };
      invoices.set(id, invoice);
      return invoice;
    },
  };
}
