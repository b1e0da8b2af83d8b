/** The badge for a balance: something to pay, settled, or money owed back to the customer. */
export function balanceStatus(amountDueMinor) {
  if (amountDueMinor > 0) return { label: 'Open', tone: 'open' };
  if (amountDueMinor === 0) return { label: 'Paid', tone: 'paid' };
  return { label: 'In credit', tone: 'credit' };
}
