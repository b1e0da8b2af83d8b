import { z } from 'zod';

export const IdSchema = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9._-]{0,79}$/,
    'expected an id: lower-case letters, digits, ".", "_" or "-", at most 80 characters',
  )
  .describe('A stable identifier.');

export const DigestSchema = z
  .string()
  .regex(/^sha256:[0-9a-f]{64}$/, 'expected a digest "sha256:" followed by 64 hex digits')
  .describe('sha256 of canonical bytes.');

export const RelativePathSchema = z
  .string()
  .min(1)
  .refine(
    (p) =>
      !p.startsWith('/') &&
      !p.includes('\\') &&
      !p.split('/').some((part) => part === '..' || part === '' || part === '.'),
    'expected a relative posix path without "..", "." or empty segments',
  )
  .describe('A posix path relative to its owner directory.');

/** Credential and environment variable names; their values never enter an artifact. */
export const EnvNameSchema = z
  .string()
  .regex(/^[A-Z_][A-Z0-9_]*$/, 'expected an environment variable name')
  .describe('An environment variable name; its value never enters an artifact.');

export const HostSchema = z
  .string()
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, 'expected a host name, optionally with :port')
  .describe('A network host the agent may reach.');

export type Digest = z.infer<typeof DigestSchema>;
