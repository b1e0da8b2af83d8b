export const WAREHOUSES = [
  { code: 'LDS', name: 'Leeds', capacity: '12,000', used: '8,450', manager: 'Priya Natarajan' },
  { code: 'BRS', name: 'Bristol', capacity: '9,500', used: '9,020', manager: 'Tom Okafor' },
  { code: 'GLA', name: 'Glasgow', capacity: '6,000', used: '2,310', manager: '' },
];
