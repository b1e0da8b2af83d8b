import { isEmail } from './email.js';

/**
 * Reads `customer` from an order body, recording problems in `errors`.
 * Quotes may leave the customer out; orders may not.
 */
export function readCustomer(raw, errors, { required }) {
  if (raw === undefined && !required) return null;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    errors.add('customer', 'must be an object with an email');
    return null;
  }
  const email = typeof raw.email === 'string' ? raw.email.trim().toLowerCase() : raw.email;
  if (!isEmail(email)) errors.add('customer.email', 'must be a valid email address');
  if (raw.name !== undefined && typeof raw.name !== 'string') errors.add('customer.name', 'must be a string');
  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  return { email, name };
}
