import type { Evidence, TranscriptEntry } from '../contracts/evidence.js';
import type { ContextCall, Receipt } from '../contracts/receipt.js';
import { clip } from '../contracts/redaction.js';

/**
 * One trial's story, the parts `crossover show`, the HTML trial page and Vitest's annotations all
 * render: computed here once, formatted by each.
 */
export interface TrialStory {
  heading: string;
  facts: string[];
  /** the agent's steps in order (messages, tool calls, results); null when it has no transcript */
  transcript: string[] | null;
  contextCalls: string[];
  /** the unified diff of every changed file; null when the workspace was not examined */
  diff: string | null;
  checks: { line: string; failed: boolean; message: string }[];
  findings: string[];
  output: { stdout: string; stderr: string } | null;
}

/** How much of one step a story line shows; the evidence file keeps the whole bounded text. */
const STEP_CHARS = 600;

function stepLine(entry: TranscriptEntry): string {
  switch (entry.kind) {
    case 'message':
      return `${entry.role}: ${clip(entry.text, STEP_CHARS)}`;
    case 'tool-call':
      return `→ ${entry.tool} ${clip(entry.input, STEP_CHARS)}`;
    case 'tool-result':
      return `  ↳ ${entry.error ? 'error: ' : ''}${clip(entry.text, STEP_CHARS)}`;
  }
}

/** One call, unnumbered: the page's ordered list and the text's own counter number it once. */
function contextCallLine(call: ContextCall): string {
  const latency = call.latencyMs === null ? 'no answer' : `${call.latencyMs} ms`;
  return `${call.server}/${call.tool} (arguments ${call.argumentsDigest.slice(0, 19)}…): ${call.outcome}, ${call.answerBytes} bytes, ${latency}`;
}

function diffText(evidence: Evidence): string | null {
  const { diff } = evidence;
  if (diff === null) return null;
  if (diff.files.length === 0) return '';
  const parts = diff.files.map((file) => file.patch ?? `${file.change} ${file.path} (no text patch)\n`);
  if (diff.omitted > 0) parts.push(`[crossover: truncated] ${diff.omitted} more changed entries left out\n`);
  return parts.map((part) => (part.endsWith('\n') ? part : `${part}\n`)).join('');
}

/** The story of one trial from its receipt and, when kept, its evidence. */
export function trialStory(receipt: Receipt, evidence: Evidence | null): TrialStory {
  const { trial } = receipt;
  const durations = new Map((evidence?.checks ?? []).map((check) => [`${check.kind}:${check.id}`, check.durationMs]));
  const checks = (evidence?.checks ?? receipt.checks).map((check) => {
    const duration = durations.get(`${check.kind}:${check.id}`);
    const took = duration === undefined || duration === null ? '' : `, ${duration} ms`;
    return {
      line: `${check.kind} check ${check.id}: ${check.status}${took}`,
      failed: check.status !== 'pass',
      message: check.message,
    };
  });
  const steps = evidence?.transcript ?? null;
  const transcript =
    steps === null
      ? null
      : [
          ...steps.entries.map(stepLine),
          ...(steps.omitted > 0 ? [`[crossover: truncated] ${steps.omitted} more steps left out`] : []),
        ];
  return {
    heading: `${trial.taskId} / ${trial.arm} #${trial.repeat}: ${receipt.status}`,
    facts: [
      `trial ${trial.id} of plan ${receipt.planId}`,
      `agent ${receipt.agent.adapter}${receipt.agent.version ? ` ${receipt.agent.version}` : ''}, sandbox ${receipt.sandbox.kind}`,
      `prompt ${evidence?.promptDigest ?? 'unknown (no evidence kept)'}`,
      `${receipt.checksRun} of ${receipt.checks.length} checks ran`,
      ...(evidence === null ? ['no evidence was kept for this trial'] : []),
    ],
    transcript,
    contextCalls: (evidence?.contextCalls ?? receipt.contextCalls ?? []).map(contextCallLine),
    diff: evidence === null ? null : diffText(evidence),
    checks,
    findings: receipt.findings.map((finding) => `${finding.kind}: ${finding.detail}`),
    output: evidence?.output ?? null,
  };
}

/** The story as plain text, section by section; a terminal still escapes its control characters. */
export function storyText(story: TrialStory): string {
  const section = (title: string, lines: string[]) => [`${title}:`, ...lines.map((line) => `  ${line}`)];
  const lines = [
    story.heading,
    ...story.facts.map((fact) => `  ${fact}`),
    ...section(
      'agent steps, in order',
      story.transcript ?? ['unknown: this agent has no transcript parser (its context-tool calls are below)'],
    ),
    ...section(
      'context-tool calls (recorded by the proxy)',
      story.contextCalls.length > 0 ? story.contextCalls.map((call, index) => `${index + 1}. ${call}`) : ['none'],
    ),
    ...section(
      'diff against the starting tree',
      story.diff === null
        ? ['not kept']
        : story.diff === ''
          ? ['no change']
          : story.diff.replace(/\n$/, '').split('\n'),
    ),
    ...section(
      'checks',
      story.checks.flatMap((check) => [
        check.line,
        ...(check.message ? check.message.split('\n').map((line) => `  ${line}`) : []),
      ]),
    ),
    ...section('findings', story.findings.length > 0 ? story.findings : ['none']),
  ];
  if (story.output !== null) {
    for (const stream of ['stdout', 'stderr'] as const) {
      const text = story.output[stream];
      lines.push(...section(`agent ${stream} (tail)`, text === '' ? ['empty'] : text.replace(/\n$/, '').split('\n')));
    }
  }
  return `${lines.join('\n')}\n`;
}
