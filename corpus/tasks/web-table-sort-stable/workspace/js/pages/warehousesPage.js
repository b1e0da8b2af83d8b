import { createDataTable } from '../components/table/DataTable.js';
import { el } from '../lib/dom.js';
import { parseNumber } from '../lib/numbers.js';
import { listWarehouses } from '../services/supplierService.js';

const COLUMNS = [
  { key: 'code', label: 'Code', type: 'text' },
  { key: 'name', label: 'Warehouse', type: 'text' },
  { key: 'capacity', label: 'Capacity (units)', type: 'number' },
  { key: 'used', label: 'Used (units)', type: 'number' },
  { key: 'utilisation', label: 'Utilisation', type: 'text', sortable: false, render: (row) => `${Math.round((parseNumber(row.used) / parseNumber(row.capacity)) * 100)}%` },
  { key: 'manager', label: 'Manager', type: 'text' },
];

export async function renderWarehousesPage(container) {
  const host = el('div', { id: 'warehouses-table' });
  container.replaceChildren(el('h1', {}, 'Warehouses'), host);
  createDataTable(host, { columns: COLUMNS, rows: await listWarehouses(), rowKey: 'code', caption: 'Warehouses and space used' });
}
