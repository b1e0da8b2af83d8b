export function sumBy(items, pick) {
  return items.reduce((total, item) => total + pick(item), 0);
}
