export function serializeRefund(refund) {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    charge: refund.charge,
    currency: refund.currency,
    reason: refund.reason,
    status: 'succeeded',
    created: refund.created,
  };
}
