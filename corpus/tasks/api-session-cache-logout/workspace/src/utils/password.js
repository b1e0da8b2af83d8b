import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// Low scrypt cost: this service runs behind the SSO gateway's rate limiter, and tests hash a lot.
const COST = { N: 1024, r: 8, p: 1 };

export function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, COST);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export function verifyPassword(password, stored) {
  const [, salt, hash] = stored.split('$');
  const expected = Buffer.from(hash, 'base64url');
  const actual = scryptSync(password, Buffer.from(salt, 'base64url'), expected.length, COST);
  return timingSafeEqual(actual, expected);
}
