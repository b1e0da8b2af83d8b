import type { TestAttachment, TestContext } from 'vitest';
import type { Evidence } from '../contracts/evidence.js';
import type { Receipt } from '../contracts/receipt.js';
import { storyText, trialStory } from '../reporters/trial-story.js';
import { withoutStackFrames } from './stackless.js';

function formatValue(value: unknown): string {
  if (value === null) return 'unknown';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** One annotation of a trial's test: its message, its type and an optional inline attachment. */
export type TrialAnnotation = [message: string, type: string, attachment?: TestAttachment];

/** The receipt's status, diagnostics, every check and every finding, one annotation each. */
export function receiptAnnotations(receipt: Receipt): TrialAnnotation[] {
  const diagnostics = Object.entries(receipt.diagnostics).map(([name, value]) => `${name}=${formatValue(value)}`);
  return [
    [`status ${receipt.status}; ${receipt.checksRun} checks ran`, 'crossover:status'],
    [diagnostics.join(' '), 'crossover:diagnostics'],
    // A passing soft assertion leaves no trace in Vitest UI: every check's result is also an annotation.
    ...receipt.checks.map(
      (check): TrialAnnotation => [
        `${check.kind} check ${check.id}: ${check.status}${check.message ? ` (${check.message})` : ''}`,
        'crossover:check',
      ],
    ),
    ...receipt.findings.map((finding): TrialAnnotation => [`${finding.kind}: ${finding.detail}`, 'crossover:finding']),
  ];
}

/**
 * Each annotation is a round trip to Vitest's main process: all are sent at once and awaited
 * together, not one after another. Vitest sends them and the main process records them in the
 * order they are made, so the test's annotations keep this order.
 */
export async function annotate(context: TestContext, annotations: readonly TrialAnnotation[]): Promise<void> {
  const sent = withoutStackFrames(() =>
    annotations.map(([message, type, attachment]) => context.annotate(message, type, attachment)),
  );
  await Promise.all(sent);
}

/** A text attachment inline in the annotation: it survives blob reports and --merge-reports, unlike a file path. */
function textAttachment(body: string, contentType: string) {
  return { body, contentType, bodyEncoding: 'utf-8' as const };
}

/**
 * The trial's evidence on its Vitest test: the diff and the whole story (steps, context-tool
 * calls, checks with their messages, output tails) as attachments, so Vitest UI and its HTML
 * report show why the trial ended as it did. Everything here is the evidence's redacted text.
 */
export function evidenceAnnotations(receipt: Receipt, evidence: Evidence): TrialAnnotation[] {
  const story = trialStory(receipt, evidence);
  const changed = evidence.diff?.files.map((file) => `${file.change} ${file.path}`) ?? [];
  const diffNote =
    evidence.diff === null
      ? 'the workspace was not examined'
      : changed.length === 0
        ? 'the agent changed nothing'
        : `${changed.length} changed: ${changed.join(', ')}`;
  return [
    [`diff: ${diffNote}`, 'crossover:diff', textAttachment(story.diff ?? '', 'text/x-diff')],
    [`evidence ${receipt.evidence}`, 'crossover:evidence', textAttachment(storyText(story), 'text/plain')],
  ];
}
