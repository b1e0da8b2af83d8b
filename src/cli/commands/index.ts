import type { Command } from '../command.js';
import { agentsCommand } from './agents.js';
import { approveCommand } from './approve.js';
import { corpusCommand } from './corpus.js';
import { digestCommand } from './digest.js';
import { planCommand } from './plan.js';
import { probeCommand } from './probe.js';
import { receiptsCommand } from './receipts.js';
import { runCommand } from './run.js';
import { schemaCommand } from './schema.js';
import { scoreCommand } from './score.js';
import { trialCommand } from './trial.js';
import { transcriptCommand } from './transcript.js';

/** The command table: one line per command, in the order --help lists them. */
export const COMMANDS: Record<string, Command> = {
  schema: schemaCommand,
  digest: digestCommand,
  probe: probeCommand,
  plan: planCommand,
  approve: approveCommand,
  corpus: corpusCommand,
  trial: trialCommand,
  receipts: receiptsCommand,
  score: scoreCommand,
  run: runCommand,
  agents: agentsCommand,
  transcript: transcriptCommand,
};
