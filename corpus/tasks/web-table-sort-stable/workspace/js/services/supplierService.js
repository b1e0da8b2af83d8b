import { SUPPLIERS } from '../data/suppliers.js';
import { WAREHOUSES } from '../data/warehouses.js';

export async function listSuppliers() {
  return SUPPLIERS.map((row) => ({ ...row }));
}

export async function listWarehouses() {
  return WAREHOUSES.map((row) => ({ ...row }));
}
