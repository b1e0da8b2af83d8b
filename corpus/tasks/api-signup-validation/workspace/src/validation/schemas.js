import { config } from '../config.js';
import { text } from './rules.js';
import { email } from './email.js';

const { limits } = config;

const displayName = text({ min: 1, max: limits.displayNameMax });
const bio = text({ max: limits.bioMax });
// Passwords are compared byte for byte at sign-in, so they are never trimmed.
const password = text({ min: limits.passwordMin, max: limits.passwordMax, trim: false });

export const signupSchema = {
  email: { rule: email(), required: true },
  password: { rule: password, required: true },
  displayName: { rule: displayName, required: true },
  bio: { rule: bio },
};

export const profileSchema = {
  email: { rule: email() },
  displayName: { rule: displayName },
  bio: { rule: bio },
};

export const sessionSchema = {
  email: { rule: email(), required: true },
  password: { rule: text({ min: 1, max: limits.passwordMax, trim: false }), required: true },
};
