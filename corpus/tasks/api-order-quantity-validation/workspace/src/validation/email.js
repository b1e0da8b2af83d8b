// Deliberately simple: one local part, one domain with a dot, no spaces or list separators.
const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

export function isEmail(value) {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}
