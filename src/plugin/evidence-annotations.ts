import type { TestContext } from 'vitest';
import type { Evidence } from '../contracts/evidence.js';
import type { Receipt } from '../contracts/receipt.js';
import { storyText, trialStory } from '../reporters/trial-story.js';

/** A text attachment inline in the annotation: it survives blob reports and --merge-reports, unlike a file path. */
function textAttachment(body: string, contentType: string) {
  return { body, contentType, bodyEncoding: 'utf-8' as const };
}

/**
 * The trial's evidence on its Vitest test: the diff and the whole story (steps, context-tool
 * calls, checks with their messages, output tails) as attachments, so Vitest UI and its HTML
 * report show why the trial ended as it did. Everything here is the evidence's redacted text.
 */
export async function annotateEvidence(context: TestContext, receipt: Receipt, evidence: Evidence): Promise<void> {
  const story = trialStory(receipt, evidence);
  const changed = evidence.diff?.files.map((file) => `${file.change} ${file.path}`) ?? [];
  const diffNote =
    evidence.diff === null
      ? 'the workspace was not examined'
      : changed.length === 0
        ? 'the agent changed nothing'
        : `${changed.length} changed: ${changed.join(', ')}`;
  await context.annotate(`diff: ${diffNote}`, 'crossover:diff', textAttachment(story.diff ?? '', 'text/x-diff'));
  await context.annotate(
    `evidence ${receipt.evidence}`,
    'crossover:evidence',
    textAttachment(storyText(story), 'text/plain'),
  );
}
