import { open } from 'node:fs/promises';
import { AgentUsageSchema } from '../../contracts/agent-usage.js';
import { CrossoverError, parseJsonText, parseWith } from '../../contracts/errors.js';
import { type AgentObservation, UNOBSERVED } from '../adapter.js';

/** A usage file is a few numbers: anything larger is not one, and is never read whole. */
const USAGE_FILE_LIMIT = 64 * 1024;

/** What a command agent's usage file adds to its run: figures for the diagnostics, the model, or why it was refused. */
export interface ReportedUsage {
  observation: AgentObservation;
  model: string | null;
  /** why the file was refused (its name, the field, what was expected); null when absent or valid */
  problem: string | null;
}

const NONE: ReportedUsage = { observation: UNOBSERVED, model: null, problem: null };

async function readBounded(path: string): Promise<string | null> {
  const handle = await open(path, 'r').catch(() => null);
  if (handle === null) return null;
  try {
    const buffer = Buffer.alloc(USAGE_FILE_LIMIT + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > USAGE_FILE_LIMIT)
      throw new CrossoverError('invalid-input', `more than ${USAGE_FILE_LIMIT} bytes: not a usage file`);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * The usage file a command agent may write (contracts/agent-usage.ts), read after it exits and
 * validated like every input: a missing file leaves every figure unknown; a malformed one too, and
 * says why (`name` is how messages call the file: never the host path).
 */
export async function readUsageFile(path: string, name: string): Promise<ReportedUsage> {
  try {
    const text = await readBounded(path);
    if (text === null) return NONE;
    const usage = parseWith(AgentUsageSchema, parseJsonText(text, name), name);
    return {
      observation: {
        ...UNOBSERVED,
        inputTokens: usage.inputTokens ?? null,
        outputTokens: usage.outputTokens ?? null,
        costUsd: usage.costUsd ?? null,
      },
      model: usage.model ?? null,
      problem: null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const named = message.startsWith(name) ? message : `${name}: ${message}`;
    return { ...NONE, problem: `${named.replace(/\s*\n\s*/g, '; ')}; its figures are left unknown` };
  }
}
