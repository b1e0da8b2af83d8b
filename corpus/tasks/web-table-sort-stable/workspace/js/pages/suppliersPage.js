import { createDataTable } from '../components/table/DataTable.js';
import { el } from '../lib/dom.js';
import { listSuppliers } from '../services/supplierService.js';

const COLUMNS = [
  { key: 'name', label: 'Supplier', type: 'text' },
  { key: 'country', label: 'Country', type: 'text' },
  { key: 'leadTimeDays', label: 'Lead time (days)', type: 'number' },
  { key: 'openOrders', label: 'Open orders', type: 'number' },
  { key: 'rating', label: 'Rating', type: 'number' },
];

export async function renderSuppliersPage(container) {
  const host = el('div', { id: 'suppliers-table' });
  container.replaceChildren(el('h1', {}, 'Suppliers'), host);
  createDataTable(host, { columns: COLUMNS, rows: await listSuppliers(), rowKey: 'id', caption: 'Active suppliers' });
}
