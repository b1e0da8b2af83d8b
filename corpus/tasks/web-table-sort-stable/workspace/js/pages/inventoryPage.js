import { stockBadge } from '../components/badge.js';
import { searchInput } from '../components/searchInput.js';
import { createDataTable } from '../components/table/DataTable.js';
import { el } from '../lib/dom.js';
import { listInventory } from '../services/inventoryService.js';
import { loadPreferences } from '../state/preferences.js';

const COLUMNS = [
  { key: 'sku', label: 'SKU', type: 'text' },
  { key: 'name', label: 'Product', type: 'text' },
  { key: 'category', label: 'Category', type: 'text' },
  { key: 'warehouse', label: 'Warehouse', type: 'text' },
  { key: 'stock', label: 'Stock', type: 'number' },
  { key: 'status', label: 'Status', type: 'text', sortable: false, render: (row) => stockBadge(row.stock) },
  { key: 'price', label: 'Unit price', type: 'currency' },
  { key: 'lastRestock', label: 'Last restock', type: 'date' },
];

export async function renderInventoryPage(container) {
  const rows = await listInventory();
  const tableHost = el('div', { id: 'inventory-table' });
  const table = createDataTable(tableHost, {
    columns: COLUMNS,
    rows,
    rowKey: 'sku',
    caption: 'Products in stock across all warehouses',
    pageSize: loadPreferences().pageSize ?? 50,
  });
  container.replaceChildren(
    el('h1', {}, 'Inventory'),
    el('div', { className: 'toolbar' }, searchInput({ label: 'Search products', onChange: (text) => table.setFilter(text) })),
    tableHost,
  );
}
