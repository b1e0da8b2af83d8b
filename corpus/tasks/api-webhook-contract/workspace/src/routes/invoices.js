import { notFound } from '../http/errors.js';
import { sendJson } from '../http/respond.js';

export function registerInvoiceRoutes(router, { invoices }) {
  router.get('/invoices/:id', ({ res, params }) => {
    const invoice = invoices.get(params.id);
    if (!invoice) throw notFound('invoice not found');
    const { id, total, amountPaid, status, currency } = invoice;
    sendJson(res, 200, { id, total, amountPaid, status, currency });
  });
}
