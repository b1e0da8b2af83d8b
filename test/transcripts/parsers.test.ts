import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExecResult } from '../../src/agents/adapter.js';
import { claudeOutcome } from '../../src/agents/claude-code/outcome.js';
import { parseClaudeTranscript } from '../../src/agents/claude-code/transcript.js';
import { codexOutcome } from '../../src/agents/codex/adapter.js';
import { rolloutFailure } from '../../src/agents/codex/failure.js';
import { parseCodexEvents, parseCodexRollout, patchedPaths } from '../../src/agents/codex/transcript.js';

/**
 * Copies of shared/reference/transcripts (real runs, paths rewritten to /run/trial), plus a rollout
 * recorded here, and runs recorded against a mock model API that answered 429, or dropped every
 * connection, for good (`*-api-*`: Claude Code with CLAUDE_CODE_MAX_RETRIES=4, Codex with
 * stream_max_retries=4 and retry-after on the 429s; the rollouts cut to their event_msg lines).
 */
const REFERENCE = join(import.meta.dirname, 'fixtures');
const reference = (name: string): string => readFileSync(join(REFERENCE, name), 'utf8');
const rollout = reference('codex-0.171.0-rollout.jsonl');
const exited: ExecResult = { exitCode: 0, stdout: '', stderr: '', timedOut: false, truncated: false };

/** The transcript with one field of every line rewritten. */
// biome-ignore lint/suspicious/noExplicitAny: the events are arbitrary JSON edited in place
function mapLines(text: string, change: (event: Record<string, any>) => Record<string, any>): string {
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.stringify(change(JSON.parse(line))))
    .join('\n');
}

describe('Claude Code stream-json (reference transcripts of 2.1.332)', () => {
  it('observes every tool call, the files read and edited, tokens and a list-price cost', () => {
    const { observation, result } = parseClaudeTranscript(reference('claude-code-2.1.332-basic.jsonl'));
    expect(observation.toolCalls).toEqual([
      { name: 'Read', context: false },
      { name: 'Edit', context: false },
      { name: 'Bash', context: false },
    ]);
    expect(observation.filesInspected).toEqual(['/run/trial/ws/calc.js']);
    expect(observation.filesModified).toEqual(['/run/trial/ws/calc.js']);
    expect(observation.inputTokens).toBe(4800 + 1200);
    expect(observation.outputTokens).toBe(168);
    expect(observation.costUsd).toBeCloseTo(0.0228, 6);
    expect(result?.isError).toBe(false);
  });

  it('reads the skills the agent could discover from system/init and the skills it invoked or read', () => {
    const skillCall = (input: Record<string, unknown>, name = 'Skill') =>
      JSON.stringify({
        type: 'assistant',
        message: { id: 'm', usage: {}, content: [{ type: 'tool_use', id: 't', name, input }] },
      });
    const text = [
      reference('claude-code-2.1.332-basic.jsonl').trim(),
      skillCall({ skill: 'pagination-bounds' }),
      skillCall({ skill: '/plugin:async-races' }),
      skillCall({ file_path: '/run/trial/home/.claude/skills/minimal-diff/SKILL.md' }, 'Read'),
    ].join('\n');
    const { observation } = parseClaudeTranscript(text);
    expect(observation.skillsAvailable).toContain('deep-research');
    expect(observation.skillsUsed).toEqual(['async-races', 'minimal-diff', 'pagination-bounds']);
    expect(parseClaudeTranscript(reference('claude-code-2.1.332-basic.jsonl')).observation.skillsUsed).toEqual([]);
  });

  it("counts an mcp__<server>__<tool> call as a context-tool call under the tool's own name", () => {
    const { observation } = parseClaudeTranscript(reference('claude-code-2.1.332-mcp.jsonl'));
    expect(observation.toolCalls).toEqual([
      { name: 'search_code', context: true },
      { name: 'Read', context: false },
      { name: 'Edit', context: false },
    ]);
  });

  it('gives null tokens and cost, never zero, when the API reported no usage', () => {
    const noUsage = mapLines(reference('claude-code-2.1.332-basic.jsonl'), (event) => {
      if (event.type === 'assistant') delete event.message.usage;
      if (event.type === 'result')
        event.usage = { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
      return event;
    });
    const { observation } = parseClaudeTranscript(noUsage);
    expect([observation.inputTokens, observation.outputTokens, observation.costUsd]).toEqual([null, null, null]);
    expect(observation.toolCalls).toHaveLength(3);
  });

  it("leaves cost unknown unless every model's cost basis is a list price", () => {
    const estimated = mapLines(reference('claude-code-2.1.332-basic.jsonl'), (event) => {
      if (event.type === 'result')
        // biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON edited in place
        for (const model of Object.values<any>(event.modelUsage)) model.costBasis = 'estimate';
      return event;
    });
    expect(parseClaudeTranscript(estimated).observation.costUsd).toBeNull();
  });

  it('is a success only when is_error is false; max turns and API errors are distinct agent errors', () => {
    const ending = (fields: Record<string, unknown>) =>
      parseClaudeTranscript(
        mapLines(reference('claude-code-2.1.332-basic.jsonl'), (event) =>
          event.type === 'result' ? { ...event, ...fields } : event,
        ),
      ).result;
    expect(claudeOutcome(exited, ending({}))).toEqual({ outcome: 'completed', error: null });
    const apiError = claudeOutcome(
      exited,
      ending({ subtype: 'success', is_error: true, terminal_reason: 'api_error', api_error_status: 400 }),
    );
    expect(apiError).toEqual({
      outcome: 'agent-error',
      error: 'api-error: the model API refused the request with HTTP 400',
    });
    const maxTurns = claudeOutcome(
      exited,
      ending({ subtype: 'error_max_turns', is_error: true, terminal_reason: 'max_turns', num_turns: 3 }),
    );
    expect(maxTurns).toEqual({ outcome: 'agent-error', error: 'max-turns: claude stopped after 3 turns' });
    expect(claudeOutcome({ ...exited, exitCode: 1 }, null).outcome).toBe('agent-error');
    expect(claudeOutcome({ ...exited, exitCode: null, timedOut: true }, null).outcome).toBe('timeout');
  });

  it('a model API that kept answering 429, 5xx or nothing through the retries is an api-fault, not agent-error', () => {
    for (const [file, status] of [
      ['claude-code-2.1.332-api-429.jsonl', 'HTTP 429'],
      ['claude-code-2.1.332-api-reset.jsonl', 'no answer (the connection failed)'],
    ]) {
      const transcript = parseClaudeTranscript(reference(file as string));
      // Claude Code retried four times (system/api_retry), then ended with the API's error as its message.
      expect(transcript.entries).toEqual([
        { kind: 'message', role: 'assistant', text: expect.stringMatching(/^API Error: /) },
      ]);
      expect(claudeOutcome({ ...exited, exitCode: 1 }, transcript.result, transcript.retrying)).toEqual({
        outcome: 'api-fault',
        error: `api-fault: the model API answered ${status}; claude retried, then gave up`,
      });
    }
    const ending = (status: number) =>
      parseClaudeTranscript(
        mapLines(reference('claude-code-2.1.332-api-429.jsonl'), (event) =>
          event.type === 'result' ? { ...event, api_error_status: status } : event,
        ),
      ).result;
    expect(claudeOutcome(exited, ending(503)).outcome).toBe('api-fault');
    expect(claudeOutcome(exited, ending(401)).outcome).toBe('agent-error');
  });

  it('a run killed at its timeout while waiting out a failing API is an api-fault; one killed at work is a timeout', () => {
    const lines = reference('claude-code-2.1.332-api-429.jsonl').trim().split('\n');
    // Killed during the backoff: the transcript ends at an api_retry event, with no result.
    const killed = parseClaudeTranscript(lines.slice(0, 3).join('\n'));
    expect(killed.retrying).toEqual({ status: 429 });
    expect(claudeOutcome({ ...exited, exitCode: null, timedOut: true }, killed.result, killed.retrying)).toEqual({
      outcome: 'api-fault',
      error: 'api-fault: the model API answered HTTP 429; claude was still retrying it when the run ended',
    });
    const atWork = parseClaudeTranscript(reference('claude-code-2.1.332-basic.jsonl'));
    expect(atWork.retrying).toBeNull();
    expect(claudeOutcome({ ...exited, exitCode: null, timedOut: true }, null, atWork.retrying).outcome).toBe('timeout');
  });
});

describe('Codex --json events (reference transcript of 0.171.0)', () => {
  it('observes commands and file changes, tokens summed over the turn, no cost, files inspected unknown', () => {
    const { observation, end } = parseCodexEvents(reference('codex-0.171.0-basic.jsonl'));
    expect(observation.toolCalls).toEqual([
      { name: 'exec_command', context: false },
      { name: 'apply_patch', context: false },
      { name: 'exec_command', context: false },
    ]);
    expect(observation.filesModified).toEqual(['/run/trial/ws/calc.js']);
    expect(observation.filesInspected).toBeNull();
    expect([observation.inputTokens, observation.outputTokens, observation.costUsd]).toEqual([4000, 200, null]);
    expect(codexOutcome(exited, end)).toEqual({ outcome: 'completed', error: null });
  });

  it('maps turn.failed and error events of the agent to agent-error, and zero usage to unknown tokens', () => {
    const failed = parseCodexEvents(
      '{"type":"turn.started"}\n{"type":"turn.failed","error":{"message":"context window exceeded"}}\n',
    );
    expect(codexOutcome({ ...exited, exitCode: 1 }, failed.end, 'context_window_exceeded')).toEqual({
      outcome: 'agent-error',
      error: 'turn.failed: context window exceeded',
    });
    const errored = parseCodexEvents('{"type":"error","message":"unexpected status 400 Bad Request"}\n');
    expect(codexOutcome(exited, errored.end)).toEqual({
      outcome: 'agent-error',
      error: 'error: unexpected status 400 Bad Request',
    });
    const zero = parseCodexEvents(
      '{"type":"turn.completed","usage":{"input_tokens":0,"cached_input_tokens":0,"output_tokens":0}}\n',
    );
    expect([zero.observation.inputTokens, zero.observation.outputTokens]).toEqual([null, null]);
  });
});

describe('Codex against a failing model API (recorded from 0.171.0)', () => {
  it('a model API that kept answering 429 or dropping the connection through the retries is an api-fault', () => {
    for (const [name, status] of [
      ['429', 'HTTP 429'],
      ['reset', 'no answer (the connection failed)'],
    ]) {
      const { end } = parseCodexEvents(reference(`codex-0.171.0-api-${name}-events.jsonl`));
      const info = rolloutFailure(reference(`codex-0.171.0-api-${name}-rollout.jsonl`));
      // The four "Reconnecting…" events are retries, not the failure.
      expect(end.failure).not.toContain('Reconnecting');
      const expected = {
        outcome: 'api-fault',
        error: `api-fault: the model API answered ${status}; codex retried, then gave up`,
      };
      expect(codexOutcome({ ...exited, exitCode: 1 }, end, info)).toEqual(expected);
      // Without its rollout, the turn's message says as much.
      expect(codexOutcome({ ...exited, exitCode: 1 }, end, null)).toEqual(expected);
    }
  });

  it("reads Codex's own classification: server errors are the API's, a refused request is the agent's", () => {
    const { end } = parseCodexEvents('{"type":"turn.failed","error":{"message":"We are experiencing high demand."}}\n');
    const fault = (info: unknown) => codexOutcome({ ...exited, exitCode: 1 }, end, info).outcome;
    expect(fault('internal_server_error')).toBe('api-fault');
    expect(fault('server_overloaded')).toBe('api-fault');
    expect(fault({ response_stream_disconnected: { http_status_code: null } })).toBe('api-fault');
    expect(fault({ response_too_many_failed_attempts: { http_status_code: 502 } })).toBe('api-fault');
    expect(fault({ response_too_many_failed_attempts: { http_status_code: 400 } })).toBe('agent-error');
    expect(fault('unauthorized')).toBe('agent-error');
  });

  it('a run that retried and then completed is a success; one killed while retrying is an api-fault', () => {
    const lines = reference('codex-0.171.0-api-429-events.jsonl').trim().split('\n');
    const completed = '{"type":"turn.completed","usage":{"input_tokens":10,"cached_input_tokens":0,"output_tokens":5}}';
    const recovered = parseCodexEvents([...lines.slice(0, 4), completed].join('\n'));
    expect(codexOutcome(exited, recovered.end)).toEqual({ outcome: 'completed', error: null });
    const killed = parseCodexEvents(lines.slice(0, 4).join('\n'));
    expect(codexOutcome({ ...exited, exitCode: null, timedOut: true }, killed.end)).toEqual({
      outcome: 'api-fault',
      error:
        'api-fault: codex was still retrying when the run ended: Reconnecting... 2/4 (exceeded retry limit, last status: 429 Too Many Requests)',
    });
  });
});

describe('Codex session rollout (recorded from 0.171.0 against the mock)', () => {
  it('is the authoritative tool log: it holds the unsupported MCP call --json leaves out', () => {
    const observation = parseCodexRollout(rollout);
    expect(observation.toolCalls).toEqual([
      { name: 'exec_command', context: false },
      { name: 'exec_command', context: false },
      { name: 'exec_command', context: false },
      { name: 'search_code', context: true },
    ]);
    expect(observation.filesInspected).toEqual(['/run/trial/ws/calc.js']);
    expect([observation.inputTokens, observation.outputTokens, observation.costUsd]).toEqual([5000, 250, null]);
  });

  it('names a skill whose SKILL.md a command read, and knows no skill use from the --json events', () => {
    const read = (cmd: string, parsed: Record<string, unknown>) =>
      JSON.stringify({
        type: 'event_msg',
        payload: { type: 'item_completed', item: { type: 'CommandExecution', parsed_cmd: [{ cmd, ...parsed }] } },
      });
    const text = [
      rollout.trim(),
      read('cat /h/.codex/skills/pagination-bounds/SKILL.md', {
        type: 'read',
        path: '/h/.codex/skills/pagination-bounds/SKILL.md',
      }),
      read('cat "$CODEX_HOME/skills/async-races/SKILL.md"', { type: 'unknown' }),
    ].join('\n');
    expect(parseCodexRollout(rollout).skillsUsed).toEqual([]);
    expect(parseCodexRollout(text).skillsUsed).toEqual(['async-races', 'pagination-bounds']);
    expect(parseCodexEvents(reference('codex-0.171.0-basic.jsonl')).observation.skillsUsed).toBeNull();
  });

  it('gives null tokens when a token_count carries info: null (usage not reported)', () => {
    const unknown = mapLines(rollout, (line) =>
      line.payload?.type === 'token_count' ? { ...line, payload: { ...line.payload, info: null } } : line,
    );
    expect([parseCodexRollout(unknown).inputTokens, parseCodexRollout(unknown).outputTokens]).toEqual([null, null]);
  });

  it('reads the files an apply_patch touched from its headers', () => {
    const patch =
      '*** Begin Patch\n*** Update File: src/a.js\n@@\n-x\n+y\n*** Add File: src/b.js\n+z\n*** Delete File: old.js\n*** End Patch\n';
    expect(patchedPaths(patch)).toEqual(['src/a.js', 'src/b.js', 'old.js']);
  });
});
