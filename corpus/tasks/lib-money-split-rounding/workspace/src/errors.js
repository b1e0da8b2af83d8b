/** Thrown for any input the billing functions cannot work with; `field` names the offending input. */
export class BillingError extends Error {
  constructor(message, field) {
    super(field ? `${field}: ${message}` : message);
    this.name = 'BillingError';
    this.field = field ?? null;
  }
}
