import { CrossoverError } from '../contracts/errors.js';

export interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** most bytes kept of stdout and of stderr */
  maxBytes?: number;
}

export interface RunOutput {
  stdout: string;
  stderr: string;
}

const TAIL = 300;

function tail(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > TAIL ? `…${trimmed.slice(-TAIL)}` : trimmed;
}

/**
 * Runs one provider command with a timeout, bounded output, no stdin and only the given
 * environment. Throws a CrossoverError ('infrastructure') saying how it failed, with a stderr tail.
 */
export async function runBounded(command: string, args: readonly string[], options: RunOptions): Promise<RunOutput> {
  // Loaded on use: the trial harness reaches this module, few trials build a provider index.
  const { execa } = await import('execa');
  const result = await execa(command, args, {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    stdin: 'ignore',
    timeout: options.timeoutMs,
    maxBuffer: options.maxBytes ?? 1024 * 1024,
    forceKillAfterDelay: 2000,
    reject: false,
  });
  if (!result.failed) return { stdout: result.stdout, stderr: result.stderr };
  const name = command.split('/').at(-1) ?? command;
  let how: string;
  if ('code' in result && result.code === 'ENOENT') how = `command "${name}" not found`;
  else if (result.timedOut) how = `"${name}" timed out after ${options.timeoutMs} ms`;
  else if (result.isMaxBuffer)
    how = `"${name}" wrote more output than the ${options.maxBytes ?? 1024 * 1024}-byte bound`;
  else if (result.signal) how = `"${name}" was killed by ${result.signal}`;
  else how = `"${name}" exited with code ${result.exitCode}`;
  const stderr = tail(result.stderr ?? '');
  throw new CrossoverError('infrastructure', stderr ? `${how}: ${stderr}` : how);
}
