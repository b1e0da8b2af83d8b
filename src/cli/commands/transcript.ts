import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ParsedTranscript } from '../../agents/definition.js';
import { jsonLineCounts } from '../../agents/jsonl.js';
import { parseTranscript, transcriptAdapters } from '../../agents/registry.js';
import { CrossoverError } from '../../contracts/errors.js';
import type { Command } from '../command.js';

const show = (value: unknown): string => (value === null ? 'unknown' : String(value));

/** The parsed diagnostics as lines of text; unknown values say so, never 0. */
function formatTranscript(parsed: ParsedTranscript): string {
  const { observation: o } = parsed;
  const tools = new Map<string, number>();
  for (const call of o.toolCalls ?? []) tools.set(call.name, (tools.get(call.name) ?? 0) + 1);
  const list = (paths: string[] | null): string =>
    paths === null ? 'unknown' : paths.length === 0 ? 'none' : paths.join(', ');
  return [
    `${parsed.adapter} transcript (${parsed.format}), ended: ${parsed.ended ?? 'not recorded in this format'}`,
    `tool calls: ${o.toolCalls === null ? 'unknown' : `${o.toolCalls.length} (${o.toolCalls.filter((c) => c.context).length} context-tool calls)`}`,
    ...[...tools].map(([name, n]) => `  ${name} ×${n}`),
    `files inspected: ${list(o.filesInspected)}`,
    `files modified: ${list(o.filesModified)}`,
    `tokens: input ${show(o.inputTokens)}, output ${show(o.outputTokens)}`,
    `cost (USD): ${show(o.costUsd)}`,
    '',
  ].join('\n');
}

const LINES_NAMED = 10;

/** Which lines were skipped, the first few by number, so a cut or garbled transcript is not read as complete. */
function unparsableNote(file: string, unparsable: readonly number[]): string {
  const named = unparsable.slice(0, LINES_NAMED).join(', ');
  const more = unparsable.length > LINES_NAMED ? ` and ${unparsable.length - LINES_NAMED} more` : '';
  return `${file}: ${unparsable.length} line(s) could not be parsed and were skipped: line ${named}${more}\n`;
}

export const transcriptCommand: Command = {
  usage: `transcript <${transcriptAdapters().join('|')}> <file> [--json]`,
  async run(argv, io) {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' } },
    });
    const [adapter, file] = positionals;
    const known = transcriptAdapters();
    if (adapter === undefined || !known.includes(adapter))
      throw new CrossoverError('invalid-input', `expected ${known.join(' or ')}, got "${adapter ?? ''}"`);
    if (!file)
      throw new CrossoverError(
        'invalid-input',
        'expected a transcript file (stream-json, codex --json events or a codex rollout)',
      );
    const path = resolve(io.cwd, file);
    const text = await readFile(path, 'utf8').catch(() => {
      throw new CrossoverError('not-found', `${file}: no such transcript file`);
    });
    const lines = jsonLineCounts(text);
    // Nothing parsed is not a transcript with no tool calls: it is not a transcript of this format.
    if (lines.parsed === 0)
      throw new CrossoverError(
        'invalid-input',
        `${file}: no line is a JSON event (${lines.unparsable.length} non-blank lines, none parsed): not a ${adapter} transcript`,
      );
    if (lines.unparsable.length > 0) io.err(unparsableNote(file, lines.unparsable));
    const parsed = parseTranscript(adapter, text);
    io.out(values.json ? `${JSON.stringify(parsed, null, 2)}\n` : formatTranscript(parsed));
    return 0;
  },
};
