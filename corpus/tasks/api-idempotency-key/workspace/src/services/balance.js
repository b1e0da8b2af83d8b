/** Available balance per currency: succeeded charges minus refunds. */
export function createBalanceService({ db }) {
  return {
    forAccount(account) {
      const totals = new Map();
      const add = (currency, amount) => totals.set(currency, (totals.get(currency) ?? 0) + amount);
      for (const charge of db.list('charges', account.id)) {
        if (charge.status === 'succeeded') add(charge.currency, charge.amount);
      }
      for (const refund of db.list('refunds', account.id)) add(refund.currency, -refund.amount);
      return [...totals].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, amount]) => ({ currency, amount }));
    },
  };
}
