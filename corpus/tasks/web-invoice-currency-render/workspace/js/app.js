import { createStore } from './state/store.js';
import { loadAllInvoices } from './api/invoices.js';
import { buildInvoice } from './model/invoice.js';
import { onRouteChange, routedInvoiceId } from './router.js';
import { renderInvoiceList } from './views/invoiceList.js';
import { renderInvoice } from './views/invoiceView.js';

/** Loads the export once, then renders the list and the routed invoice whenever state changes. */
export async function startApp(doc) {
  const list = doc.getElementById('invoice-list');
  const main = doc.getElementById('invoice');
  const store = createStore({ invoices: [], currentId: null });

  store.subscribe(({ invoices, currentId }) => {
    renderInvoiceList(list, invoices, currentId);
    renderInvoice(main, invoices.find((invoice) => invoice.id === currentId));
    doc.title = currentId ? `${currentId} · Ledgerly` : 'Invoices · Ledgerly';
  });

  const invoices = (await loadAllInvoices()).map(buildInvoice);
  store.set({ invoices, currentId: routedInvoiceId() ?? invoices[0]?.id ?? null });
  onRouteChange((id) => store.set({ currentId: id ?? invoices[0]?.id ?? null }));
}
