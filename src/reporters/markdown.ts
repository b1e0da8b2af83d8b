import type { Scorecard } from '../contracts/scorecard.js';
import { formatSandbox } from '../plan/format-summary.js';
import { formatRate } from '../score/format.js';
import { corpusCardMarkdown } from './corpus-card.js';
import { filterNote } from './filter-note.js';
import {
  armIntervalText,
  CONTEXT_CALL_ROWS,
  CONTEXT_CALLS_NOTE,
  cellText,
  contextCallCell,
  deltaText,
  familyText,
  hunkText,
  intervalText,
  MEASURE_LABELS,
  matchText,
  measureText,
  methodText,
  powerCaption,
  powerNeeded,
  powerRows,
  pText,
  REPRODUCIBILITY_NOTE,
  REVIEW_ARM_COLUMNS,
  REVIEW_NOTE,
  SKILL_SELECTION_NOTE,
  shareText,
  signText,
  testPText,
  title,
  VERDICT_MEANINGS,
  wilsonText,
} from './scorecard-text.js';

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
  const rows = scorecard.comparisons.map((c) => [
    c.arm,
    `**${c.verdict}**`,
    deltaText(c),
    intervalText(c),
    testPText(c),
    pText(c.pAdjusted),
    c.power === null ? 'n/a' : c.power.power.toFixed(3),
    `${c.tasks.paired}/${c.tasks.scheduled}`,
    `${c.armOnlyWins}/${c.baselineOnlyWins}`,
    `${signText(c)} (p ${pText(c.secondary.signTest.p)})`,
  ]);
  return [
    '## Verdicts',
    '',
    `Each treatment against \`${scorecard.comparisons[0]!.baseline}\`. Δ is the mean over paired tasks of the difference in success rate (repeats averaged inside a task); ${familyText(scorecard)}.`,
    '',
    ...table(
      [
        'Treatment',
        'Verdict',
        'Δ',
        'Interval',
        'p',
        'Holm p',
        'Power at +0.15',
        'Paired tasks',
        'Only-arm/only-baseline wins',
        'Secondary: sign test w/l/t',
      ],
      ['l', 'l', 'r', 'l', 'r', 'r', 'r', 'r', 'r', 'r'],
      rows,
    ),
    '',
    ...scorecard.comparisons.flatMap((c) => [
      `- **${c.arm}: ${c.verdict}** (${VERDICT_MEANINGS[c.verdict]})`,
      ...c.reasons.map((r) => `  - ${r}`),
    ]),
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
  const rows = scorecard.aa.map((a) => [
    a.arm,
    deltaText(a),
    intervalText(a),
    testPText(a),
    a.blocks ? '**blocks**' : 'holds',
    `${a.limit}`,
    a.withinLimit === null ? 'unknown' : a.withinLimit ? 'yes' : 'no',
  ]);
  return [
    '## A/A noise floor',
    '',
    ...table(
      ['A/A arm', 'Δ_AA', 'Interval (α)', 'p', 'A/A gate', 'Limit', '|Δ_AA| within limit'],
      ['l', 'r', 'l', 'r', 'r', 'r', 'l'],
      rows,
    ),
  ];
}

function arms(scorecard: Scorecard): string[] {
  const rows = scorecard.arms.map((a) => [
    a.id,
    a.role,
    `${a.adapter}${a.synthetic ? ' (synthetic)' : ''}`,
    a.provider ?? '—',
    a.successRate === null ? 'unknown' : formatRate(a.successRate),
    armIntervalText(a),
    wilsonText(a),
    `${a.trials.success}/${a.trials.failure}/${a.trials.invalid}/${a.trials.missing}`,
    `${a.trials.agentError}/${a.trials.timeout}`,
    `${a.trials.setupFailed}`,
    `${a.trials.reattempts}`,
    `${a.regressionFailures}`,
  ]);
  return [
    '## Arms',
    '',
    ...table(
      [
        'Arm',
        'Role',
        'Agent',
        'Provider',
        'Success rate',
        'Task-bootstrap 95%',
        'Secondary: Wilson 95%',
        'Success/failure/invalid/missing',
        'Of failures: agent error/timeout',
        'Setup failed',
        'Re-attempts',
        'Regression failures',
      ],
      ['l', 'l', 'l', 'l', 'r', 'l', 'l', 'r', 'r', 'r', 'r', 'r'],
      rows,
    ),
  ];
}

function method(scorecard: Scorecard): string[] {
  const powerTable = scorecard.method.power;
  const power =
    powerTable === null
      ? []
      : [
          '',
          '### Power for stage 2',
          '',
          powerCaption(powerTable),
          '',
          ...table(['Effect', 'Tasks', 'Repeats', 'Power'], ['r', 'r', 'r', 'r'], powerRows(powerTable)),
          '',
          `Needed for ${powerTable.target} power:`,
          '',
          ...powerNeeded(powerTable).map((line) => `- ${line}`),
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
    ...(lines.length > 0 ? lines : ['None: every scheduled trial has a valid receipt and every measure is known.']),
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
