import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import { type CacheEntry, cacheEntries, choosePrune, evictCacheEntry, runningPlans } from '../../io/cache-prune.js';
import type { CliIo, Command } from '../command.js';

const USAGE = 'cache prune [--max-age <days>] [--max-size <MB>] [--dry-run]';
const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
/** Defaults: a month unused, and 5 GiB in all (two 14k-file tasks' snapshots came to 222 MB). */
const DEFAULT_MAX_AGE_DAYS = 30;
const DEFAULT_MAX_SIZE_MB = 5120;

function wholeNumber(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw))
    throw new CrossoverError(
      'invalid-input',
      `--${flag}: expected a whole number, got "${raw}"; usage: crossover ${USAGE}`,
    );
  return Number(raw);
}

function megabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

function line(verb: string, entry: CacheEntry, nowMs: number): string {
  const days = Math.floor((nowMs - entry.lastUsedMs) / DAY_MS);
  return `${verb} ${entry.kind} ${entry.path} (${megabytes(entry.bytes)}, last used ${days} days ago)\n`;
}

async function prune(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'max-age': { type: 'string' },
      'max-size': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (positionals.length > 0)
    throw new CrossoverError('invalid-input', `unexpected argument "${positionals[0]}"; usage: crossover ${USAGE}`);
  const nowMs = Date.now();
  const policy = {
    nowMs,
    maxAgeMs: wholeNumber('max-age', values['max-age'], DEFAULT_MAX_AGE_DAYS) * DAY_MS,
    maxBytes: wholeNumber('max-size', values['max-size'], DEFAULT_MAX_SIZE_MB) * MB,
  };
  const choice = choosePrune(await cacheEntries(io.cwd), await runningPlans(io.cwd), policy);
  const verb = values['dry-run'] ? 'would evict' : 'evicted';
  for (const entry of choice.evict) {
    if (!values['dry-run']) await evictCacheEntry(io.cwd, entry);
    io.out(line(verb, entry, nowMs));
  }
  for (const entry of choice.held) io.out(line('held', entry, nowMs));
  const size = (entries: CacheEntry[]) => megabytes(entries.reduce((sum, entry) => sum + entry.bytes, 0));
  io.out(
    `${verb} ${choice.evict.length} entries (${size(choice.evict)}); kept ${choice.keep.length + choice.held.length} (${size([...choice.keep, ...choice.held])}), ${choice.held.length} of them held by a running plan or a builder\n`,
  );
  return 0;
}

export const cacheCommand: Command = {
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub !== 'prune')
      throw new CrossoverError(
        'invalid-input',
        `expected a sub-command: prune${sub ? `; got "${sub}"` : ''}; usage: crossover ${USAGE}`,
      );
    return prune(rest, io);
  },
};
