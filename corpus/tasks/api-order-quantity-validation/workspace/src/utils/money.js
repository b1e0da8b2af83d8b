/** Amounts are integer cents throughout; these helpers keep it that way. */
export function lineTotal(unitPrice, quantity) {
  return unitPrice * quantity;
}

export function sumCents(amounts) {
  return amounts.reduce((total, amount) => total + amount, 0);
}
