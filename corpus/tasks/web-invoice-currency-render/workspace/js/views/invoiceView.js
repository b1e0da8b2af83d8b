import { replaceChildren } from '../utils/dom.js';
import { invoiceHeader } from './invoiceHeader.js';
import { lineItemsTable } from './lineItemsTable.js';
import { totalsPanel } from './totalsPanel.js';
import { creditsPanel } from './creditsPanel.js';
import { paymentsPanel } from './paymentsPanel.js';
import { emptyState } from './emptyState.js';

export function renderInvoice(container, invoice) {
  if (!invoice) {
    replaceChildren(container, emptyState('Invoice not found.'));
    return;
  }
  replaceChildren(container, invoiceHeader(invoice), lineItemsTable(invoice), totalsPanel(invoice), creditsPanel(invoice), paymentsPanel(invoice));
}
