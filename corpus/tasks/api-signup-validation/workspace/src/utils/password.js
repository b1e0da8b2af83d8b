import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt);
const KEY_LENGTH = 32;

export async function hashPassword(password) {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password, stored) {
  const [scheme, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt') return false;
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), KEY_LENGTH);
  return timingSafeEqual(key, Buffer.from(expected, 'base64url'));
}
