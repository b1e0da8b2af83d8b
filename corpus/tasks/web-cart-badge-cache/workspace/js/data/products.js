/** Prices in pence. */
export const PRODUCTS = [
  { id: 'enamel-mug', name: 'Enamel mug', price: 1200 },
  { id: 'camp-stove', name: 'Camp stove', price: 4500 },
  { id: 'titanium-spork', name: 'Titanium spork', price: 950 },
  { id: 'water-filter', name: 'Water filter', price: 3400 },
  { id: 'head-torch', name: 'Head torch', price: 2800 },
  { id: 'dry-bag', name: 'Dry bag, 20 l', price: 1650 },
];

export const PRODUCTS_BY_ID = new Map(PRODUCTS.map((p) => [p.id, p]));
