const CARDS = {
  tok_visa: { brand: 'visa', last4: '4242', outcome: 'approved' },
  tok_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'approved' },
  tok_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined', declineCode: 'generic_decline' },
  tok_insufficientFunds: { brand: 'visa', last4: '9995', outcome: 'declined', declineCode: 'insufficient_funds' },
};

const wait = (ms) => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

/** The simulated card network: answers asynchronously, like the real one, after `processorLatencyMs`. */
export function createProcessor(config) {
  return {
    knows: (token) => Object.hasOwn(CARDS, token),
    async authorize(token) {
      await wait(config.processorLatencyMs);
      const card = CARDS[token];
      return card.outcome === 'approved'
        ? { approved: true, card: { brand: card.brand, last4: card.last4 } }
        : { approved: false, declineCode: card.declineCode, card: { brand: card.brand, last4: card.last4 } };
    },
  };
}
