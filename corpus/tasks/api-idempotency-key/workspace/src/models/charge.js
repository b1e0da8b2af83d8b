/** The public shape of a charge. */
export function serializeCharge(charge) {
  return {
    id: charge.id,
    object: 'charge',
    amount: charge.amount,
    amount_refunded: charge.amountRefunded,
    currency: charge.currency,
    description: charge.description,
    customer: charge.customer,
    metadata: charge.metadata,
    payment_method_details: { card: charge.card },
    status: charge.status,
    paid: charge.status === 'succeeded',
    refunded: charge.amountRefunded === charge.amount,
    failure_code: charge.failureCode,
    created: charge.created,
  };
}
