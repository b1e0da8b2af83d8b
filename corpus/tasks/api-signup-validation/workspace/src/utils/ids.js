import { randomBytes, randomUUID } from 'node:crypto';

export const newUserId = () => `usr_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
export const newToken = () => randomBytes(24).toString('base64url');
