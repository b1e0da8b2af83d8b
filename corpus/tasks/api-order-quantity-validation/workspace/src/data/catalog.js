/** The catalogue the shop sells from. Prices are integer cents (EUR); `stock` is the opening stock. */
export const catalog = [
  { sku: 'MUG-CLAY', name: 'Clay mug', price: 1800, stock: 40 },
  { sku: 'MUG-ENAMEL', name: 'Enamel camp mug', price: 1450, stock: 25 },
  { sku: 'TEA-SENCHA', name: 'Sencha loose leaf 100 g', price: 1290, stock: 60 },
  { sku: 'TEA-ROOIBOS', name: 'Rooibos loose leaf 100 g', price: 990, stock: 8 },
  { sku: 'POT-CAST', name: 'Cast iron teapot 0.8 l', price: 6400, stock: 5 },
  { sku: 'BRUSH-DISH', name: 'Beech dish brush', price: 650, stock: 120 },
  { sku: 'TOWEL-LIN', name: 'Linen tea towel', price: 1150, stock: 30 },
  { sku: 'CANDLE-PINE', name: 'Pine resin candle', price: 2200, stock: 0 },
];

const bySku = new Map(catalog.map((product) => [product.sku, product]));

export function findProduct(sku) {
  return bySku.get(sku);
}
