export const products = [
  {
    id: 'p-100',
    name: 'Merino crew neck',
    category: 'tops',
    price: 7900,
    variants: [
      { sku: 'SKU-100-S', label: 'S' },
      { sku: 'SKU-100-M', label: 'M' },
      { sku: 'SKU-100-L', label: 'L' },
    ],
  },
  {
    id: 'p-200',
    name: 'Canvas tote',
    category: 'bags',
    price: 2500,
    variants: [{ sku: 'SKU-200-NAT', label: 'Natural' }],
  },
  {
    id: 'p-300',
    name: 'Rain shell',
    category: 'outerwear',
    price: 14900,
    variants: [
      { sku: 'SKU-300-M', label: 'M' },
      { sku: 'SKU-300-L', label: 'L' },
    ],
  },
  {
    id: 'p-400',
    name: 'Linen shirt',
    category: 'tops',
    price: 6400,
    variants: [
      { sku: 'SKU-400-M', label: 'M' },
      { sku: 'SKU-400-L', label: 'L' },
    ],
  },
];
