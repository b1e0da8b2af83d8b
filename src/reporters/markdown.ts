import type { Scorecard } from '../contracts/scorecard.js';
import { formatSandbox } from '../plan/format-summary.js';
import {
  AA_COLUMNS,
  ARM_COLUMNS,
  aaCells,
  armCells,
  FLIPS_NOTE,
  flipText,
  INFRASTRUCTURE_COLUMNS,
  INFRASTRUCTURE_NOTE,
  infrastructureCells,
  powerHeader,
  SECONDARY_COLUMNS,
  secondaryCells,
  TRIAL_COLUMNS,
  trialCells,
  VERDICT_COLUMNS,
  verdictCells,
} from './comparison-text.js';
import { corpusCardMarkdown } from './corpus-card.js';
import { filterNote } from './filter-note.js';
import { familyText, methodText, powerCaption, powerRows, SAMPLE_SIZE_COLUMNS, sampleSizeRows } from './method-text.js';
import {
  CONTEXT_CALL_ROWS,
  CONTEXT_CALLS_NOTE,
  cellText,
  contextCallCell,
  hunkText,
  MEASURE_LABELS,
  matchText,
  measureText,
  REPRODUCIBILITY_NOTE,
  REVIEW_ARM_COLUMNS,
  REVIEW_NOTE,
  SKILL_SELECTION_NOTE,
  shareText,
  title,
  VERDICT_MEANINGS,
} from './scorecard-text.js';
import { flipPageHref } from './trial-page-path.js';

/** Table cells must not break the table: pipes escaped, newlines folded. */
function cell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
}

function table(
  header: readonly string[],
  align: readonly ('l' | 'r')[],
  rows: readonly (readonly string[])[],
): string[] {
  return [
    `| ${header.map(cell).join(' | ')} |`,
    `| ${align.map((a) => (a === 'r' ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
}

function verdicts(scorecard: Scorecard): string[] {
  if (scorecard.comparisons.length === 0)
    return ['## Verdicts', '', 'The plan has no treatment arm: nothing to compare.'];
  const columns = VERDICT_COLUMNS.map((name) => (name === 'Power' ? powerHeader(scorecard) : name));
  const rows = scorecard.comparisons.map((c) => [c.arm, `**${c.verdict}**`, ...verdictCells(c)]);
  const secondary = scorecard.comparisons.map((c) => [c.arm, ...secondaryCells(c)]);
  return [
    '## Verdicts',
    '',
    `Each treatment against \`${scorecard.comparisons[0]!.baseline}\`. Δ is the mean over paired tasks of the difference in success rate (repeats averaged inside a task); ${familyText(scorecard)}. MDE: the smallest gain / loss this design calls better / worse with 80% power. Power: simulated, ± its 95% Monte-Carlo error.`,
    '',
    ...table(columns, ['l', 'l', 'r', 'r', 'r', 'r', 'r'], rows),
    '',
    ...scorecard.comparisons.flatMap((c) => [
      `- **${c.arm}: ${c.verdict}** (${VERDICT_MEANINGS[c.verdict]})`,
      ...c.reasons.map((r) => `  - ${r}`),
    ]),
    '',
    '### Secondary figures',
    '',
    'Shown for comparison; no verdict rests on them.',
    '',
    ...table(SECONDARY_COLUMNS, ['l', 'r', 'r', 'r', 'r', 'r', 'r'], secondary),
  ];
}

function gates(scorecard: Scorecard): string[] {
  if (scorecard.comparisons.length === 0) return [];
  const names = scorecard.comparisons[0]!.gates.map((g) => g.gate);
  const rows = scorecard.comparisons.map((c) => [
    c.arm,
    ...c.gates.map((g) => `${g.holds ? 'holds' : 'fails'}: ${g.detail}`),
  ]);
  return [
    '## Qualification gates',
    '',
    ...table(['Treatment', ...names], ['l', ...names.map(() => 'l' as const)], rows),
  ];
}

function aa(scorecard: Scorecard): string[] {
  if (scorecard.aa.length === 0)
    return ['## A/A noise floor', '', 'No aa-control arm was preregistered: there is no A/A evidence.'];
  const rows = scorecard.aa.map((a) => [a.arm, ...aaCells(a)]);
  return [
    '## A/A noise floor',
    '',
    "One rule: the A/A gate blocks every treatment when the A/A arm's own test rejects at α or its comparison is incomplete.",
    '',
    ...table(AA_COLUMNS, ['l', 'r', 'r', 'r', 'l'], rows),
  ];
}

function arms(scorecard: Scorecard): string[] {
  const rows = (cells: (arm: Scorecard['arms'][number]) => string[]) => scorecard.arms.map((a) => [a.id, ...cells(a)]);
  return [
    '## Arms',
    '',
    "Success rate: mean over tasks of the success rate over valid repeats, with its percentile bootstrap interval resampling tasks. pass@k / pass^k for k = 1, 2, …: the unbiased chance that at least one / all of k repeats succeed. Per solved task: the known cost and tokens of the arm's valid trials over their successes.",
    '',
    ...table(ARM_COLUMNS, ['l', 'l', 'l', 'l', 'r', 'r', 'r', 'l'], rows(armCells)),
    '',
    '### Trials',
    '',
    ...table(TRIAL_COLUMNS, ['l', 'r', 'r', 'r', 'r'], rows(trialCells)),
    '',
    '### Infrastructure',
    '',
    INFRASTRUCTURE_NOTE,
    '',
    ...table(
      INFRASTRUCTURE_COLUMNS,
      ['l', ...INFRASTRUCTURE_COLUMNS.slice(1).map(() => 'r' as const)],
      rows(infrastructureCells),
    ),
  ];
}

function flips(scorecard: Scorecard): string[] {
  if (scorecard.comparisons.length === 0) return [];
  const rows = scorecard.flips.map((f) => [f.arm, `[${f.taskId}](${flipPageHref(f.arm, f.taskId)})`, flipText(f)]);
  return [
    '## Flips',
    '',
    FLIPS_NOTE,
    '',
    ...(rows.length === 0
      ? ['No paired task where a treatment and the baseline disagree.']
      : table(['Treatment', 'Task', 'Treatment vs baseline'], ['l', 'l', 'r'], rows)),
  ];
}

function method(scorecard: Scorecard): string[] {
  const powerTable = scorecard.method.power;
  const power =
    powerTable === null
      ? []
      : [
          '',
          '### Sample sizes for stage 2',
          '',
          powerCaption(powerTable),
          '',
          ...table(SAMPLE_SIZE_COLUMNS, ['r', 'r', 'r', 'r'], sampleSizeRows(powerTable.needed)),
          ...(powerTable.rows.length === 0
            ? []
            : ['', ...table(['Effect', 'Tasks', 'Repeats', 'Power'], ['r', 'r', 'r', 'r'], powerRows(powerTable))]),
        ];
  return ['## Method', '', methodText(scorecard), ...power];
}

function diagnostics(scorecard: Scorecard): string[] {
  const names = Object.keys(MEASURE_LABELS) as (keyof typeof MEASURE_LABELS)[];
  const rows = names.map((name) => [
    MEASURE_LABELS[name],
    ...scorecard.arms.map((a) => {
      const measure = a.diagnostics[name];
      return `${measureText(name, measure.mean)} (n=${measure.known})`;
    }),
  ]);
  return [
    '## Diagnostics',
    '',
    'Means over the trials where each measure is known (n). Descriptive only: no verdict rests on them. Relevant-file recall counts only tasks with preregistered relevant files.',
    '',
    ...table(['Measure', ...scorecard.arms.map((a) => a.id)], ['l', ...scorecard.arms.map(() => 'r' as const)], rows),
    '',
    ...contextCalls(scorecard),
  ];
}

function contextCalls(scorecard: Scorecard): string[] {
  const rows = CONTEXT_CALL_ROWS.map(([label, cell]) => [
    label,
    ...scorecard.arms.map((a) => contextCallCell(a, cell)),
  ]);
  return [
    '### Context-tool calls',
    '',
    CONTEXT_CALLS_NOTE,
    '',
    ...table(['Measure', ...scorecard.arms.map((a) => a.id)], ['l', ...scorecard.arms.map(() => 'r' as const)], rows),
  ];
}

function skillSelection(scorecard: Scorecard): string[] {
  if (scorecard.skillSelection.length === 0) return [];
  const rows = scorecard.skillSelection.map((s) => [
    s.arm,
    shareText(s.expectedUsed),
    shareText(s.unneededUsed),
    String(s.unknown),
  ]);
  return [
    '## Skill selection',
    '',
    SKILL_SELECTION_NOTE,
    '',
    ...table(['Arm', 'Expected skill used', 'Unneeded skill used', 'Unknown'], ['l', 'r', 'r', 'r'], rows),
  ];
}

function reproducibility(scorecard: Scorecard): string[] {
  const measured = scorecard.reproducibility;
  if (measured === null) return [];
  const rows = measured.rows.map((row) => [
    row.arm,
    row.taskId,
    matchText(row.outcome),
    matchText(row.files),
    matchText(row.lines),
    matchText(row.matched),
  ]);
  const shares = measured.arms.map((arm) => [arm.arm, shareText(arm.matched)]);
  return [
    '## Reproducibility',
    '',
    REPRODUCIBILITY_NOTE,
    '',
    ...table(
      ['Arm', 'Task', 'Outcome', 'Files changed', 'Line counts', 'Matched'],
      ['l', 'l', 'l', 'l', 'l', 'l'],
      rows,
    ),
    '',
    ...table(['Arm', 'Matched'], ['l', 'r'], [...shares, ['all arms', shareText(measured.matched)]]),
  ];
}

function review(scorecard: Scorecard): string[] {
  const overlay = scorecard.review;
  if (overlay === null) return [];
  const arms = overlay.arms.map((a) =>
    [a.arm, a.passed, a.reviewed, a.passedWithRejections, a.reviewAdjustedPassed, a.rejectedEdits].map(String),
  );
  const rejected = overlay.trials.flatMap((t) =>
    t.rejected.map((edit) => [
      `${t.taskId}/${t.arm}#${t.repeat}`,
      t.status,
      edit.file,
      hunkText(edit.hunk),
      edit.reason,
    ]),
  );
  return [
    '## Human review',
    '',
    REVIEW_NOTE,
    '',
    ...table(REVIEW_ARM_COLUMNS, ['l', 'r', 'r', 'r', 'r', 'r'], arms),
    ...(rejected.length === 0
      ? []
      : ['', ...table(['Trial', 'Oracle', 'File', 'Edit', 'Reason'], ['l', 'l', 'l', 'l', 'l'], rejected)]),
    '',
    'Review files read:',
    '',
    ...overlay.files.map((f) => `- \`${f.path}\` ${f.digest}`),
  ];
}

function feasibility(scorecard: Scorecard): string[] {
  const rows = Object.entries(scorecard.feasibility).map(([name, gate]) => [
    name,
    gate.passed ? 'passed' : '**failed**',
    gate.detail,
  ]);
  return [
    '## Feasibility',
    '',
    'Whether the run itself worked; stage 2 needs a stage-1 scorecard that passed every gate.',
    '',
    ...table(['Gate', 'Result', 'Detail'], ['l', 'l', 'l'], rows),
  ];
}

function gaps(scorecard: Scorecard): string[] {
  const lines = scorecard.gaps.map((g) => `- ${g.arm === null ? 'all arms' : `\`${g.arm}\``}, ${g.kind}: ${g.detail}`);
  return [
    '## Evidence gaps',
    '',
    ...(lines.length > 0
      ? lines
      : [
          'None: every scheduled trial has a valid receipt, no infrastructure fault occurred and every measure is known.',
        ]),
  ];
}

function matrix(scorecard: Scorecard): string[] {
  const armIds = scorecard.arms.map((a) => a.id);
  const rows = scorecard.matrix.map((row) => [row.taskId, row.category, row.surface, ...row.cells.map(cellText)]);
  return [
    '## Outcomes by task',
    '',
    'Successes over valid repeats for each task and arm.',
    '',
    ...table(['Task', 'Category', 'Surface', ...armIds], ['l', 'l', 'l', ...armIds.map(() => 'r' as const)], rows),
  ];
}

/** The scorecard as Markdown: a pure projection, byte-stable for the same scorecard. */
export function renderMarkdown(scorecard: Scorecard): string {
  const { experiment, corpus } = scorecard;
  const header = [
    `# ${title(scorecard)}`,
    '',
    `Crossover scorecard · experiment \`${experiment.id}\` · stage ${experiment.stage} · corpus \`${corpus.id}\` ${corpus.version} · ${scorecard.matrix.length} tasks × ${scorecard.repeats} repeats · sandbox ${formatSandbox(scorecard.sandbox)}`,
    '',
    `Plan \`${scorecard.planId}\``,
  ];
  const filtered = filterNote(scorecard);
  const warning = [
    ...(scorecard.synthetic
      ? ['', '> **Synthetic run.** A synthetic agent took part: nothing in this scorecard can be qualified.']
      : []),
    ...(filtered === null ? [] : ['', `> **Filtered run.** ${filtered}`]),
  ];
  const sections = [
    verdicts(scorecard),
    method(scorecard),
    gates(scorecard),
    aa(scorecard),
    arms(scorecard),
    flips(scorecard),
    diagnostics(scorecard),
    skillSelection(scorecard),
    reproducibility(scorecard),
    review(scorecard),
    gaps(scorecard),
    feasibility(scorecard),
    corpusCardMarkdown(scorecard.corpusCard),
    matrix(scorecard),
  ];
  return `${[...header, ...warning, '', ...sections.flatMap((s) => (s.length > 0 ? [...s, ''] : []))].join('\n').trimEnd()}\n`;
}
