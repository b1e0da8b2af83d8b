import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { CrossoverError } from '../contracts/errors.js';

/**
 * Runs `git -C <repo> <args>` and gives its stdout (also written to `stdoutFile` when given); a
 * non-zero exit is an invalid-input error with git's message. `env` replaces the environment.
 */
export function git(repo: string, args: string[], options: { stdoutFile?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<Buffer>((resolve, reject) => {
    const child = spawn('git', ['-C', repo, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.env ? { env: options.env } : {}),
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', async (code) => {
      if (code !== 0) {
        reject(new CrossoverError('invalid-input', `git ${args.join(' ')} in ${repo} failed: ${err.trim()}`));
        return;
      }
      const bytes = Buffer.concat(out);
      if (options.stdoutFile) await writeFile(options.stdoutFile, bytes);
      resolve(bytes);
    });
  });
}
