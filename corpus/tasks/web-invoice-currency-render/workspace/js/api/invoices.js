import { getJson } from './client.js';

export async function loadInvoiceIds() {
  const index = await getJson('data/index.json');
  return index.invoices;
}

export function loadInvoice(id) {
  return getJson(`data/invoices/${encodeURIComponent(id)}.json`);
}

/** Every invoice of the export, in index order. */
export async function loadAllInvoices() {
  const ids = await loadInvoiceIds();
  return Promise.all(ids.map(loadInvoice));
}
