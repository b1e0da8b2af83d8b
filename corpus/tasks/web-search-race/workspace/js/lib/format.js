const price = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

export function formatPrice(amount) {
  return price.format(amount);
}

export function plural(count, word) {
  return `${count} ${count === 1 ? word : `${word}s`}`;
}
