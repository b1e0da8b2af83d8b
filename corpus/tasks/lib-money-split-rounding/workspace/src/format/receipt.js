import { formatAmount } from '../money/amount.js';

const WIDTH = 36;

function row(label, value) {
  const room = WIDTH - value.length - 1;
  const text = label.length > room ? `${label.slice(0, room - 1)}…` : label;
  return `${text.padEnd(room)} ${value}`;
}

function percentLabel(percent) {
  return `${Number(percent.toFixed(3))}%`;
}

/** The plain-text receipt the till prints; `split` (an array of shares) is printed under the total. */
export function renderReceipt(invoice, { title, split } = {}) {
  const money = (minor) => formatAmount(minor, invoice.currency);
  const out = [];
  if (title) out.push(title, '-'.repeat(WIDTH));
  for (const line of invoice.lines) {
    const label = line.quantity > 1 ? `${line.quantity} x ${line.description}` : line.description;
    out.push(row(label, money(line.amount)));
  }
  out.push('-'.repeat(WIDTH), row('Subtotal', money(invoice.subtotal)));
  if (invoice.discount) out.push(row(`Discount ${percentLabel(invoice.discountPercent)}`, money(-invoice.discount)));
  for (const entry of invoice.taxes) out.push(row(`Tax ${percentLabel(entry.rate)}`, money(entry.amount)));
  out.push(row('Total', money(invoice.total)));
  if (split) out.push(`Split ${split.length} ways: ${split.map(money).join(', ')}`);
  return out.join('\n') + '\n';
}
