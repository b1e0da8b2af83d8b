const ROUTE = /^#\/invoices\/([^/]+)$/;

/** The invoice id in the hash (`#/invoices/INV-2024-031`), or null. */
export function routedInvoiceId(hash = location.hash) {
  const match = ROUTE.exec(hash);
  return match ? decodeURIComponent(match[1]) : null;
}

export function invoiceHref(id) {
  return `#/invoices/${encodeURIComponent(id)}`;
}

export function onRouteChange(listener) {
  window.addEventListener('hashchange', () => listener(routedInvoiceId()));
}
