import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from './temp.js';

/** A fresh canary token: found anywhere it later appears, it leaked. */
export function canary(): string {
  return `canary-${randomBytes(12).toString('hex')}`;
}

/** A Claude Code login holding `token` as both of its tokens, expiring at `expiresAt`. */
export function claudeLogin(token: string, expiresAt = 1): Record<string, unknown> {
  return { claudeAiOauth: { accessToken: token, refreshToken: token, expiresAt } };
}

/** A private login directory holding a Claude Code login whose tokens are a fresh canary. */
export async function loginDir(expiresAt = 1): Promise<{ dir: string; canary: string }> {
  const dir = join(await tempDir('crossover-login-'), 'login');
  await mkdir(dir, { mode: 0o700 });
  const token = canary();
  await writeFile(join(dir, '.credentials.json'), JSON.stringify(claudeLogin(token, expiresAt)), { mode: 0o600 });
  return { dir, canary: token };
}

/** Every file below `dir` (links not followed) whose bytes hold `needle`, relative to `dir`. */
export async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (at: string): Promise<void> => {
    for (const entry of await readdir(at, { withFileTypes: true }).catch(() => [])) {
      const path = join(at, entry.name);
      if (entry.name.includes(needle)) found.push(path.slice(dir.length + 1));
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile() && (await readFile(path)).includes(needle)) found.push(path.slice(dir.length + 1));
    }
  };
  await walk(dir);
  return found;
}
