/** Open invoices every fresh server starts with. Amounts in cents. */
export const SEED_INVOICES = [
  { id: 'inv_1001', total: 12000, currency: 'EUR' },
  { id: 'inv_1002', total: 4550, currency: 'EUR' },
  { id: 'inv_1003', total: 99900, currency: 'GBP' },
  { id: 'inv_1004', total: 2500, currency: 'EUR' },
];
