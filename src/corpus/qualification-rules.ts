import type { GradeResult } from '../grading/grade.js';
import type { LoadedTask } from './load.js';

/**
 * Which quality rules a corpus holds its tasks to: `bundled`, the compact corpus's (2–5 required
 * checks, a regression, a decoy caught by a required check, relevant files); `imported`, a corpus
 * of real repositories' fixes (the fail-to-pass tests are the required checks, however many;
 * decoys optional and reported when absent; a decoy caught by any check).
 */
export type QualificationRules = 'bundled' | 'imported';

/** The gradings qualification rests on, and what the starting tree leaks. */
export interface QualificationEvidence {
  rules: QualificationRules;
  task: LoadedTask;
  start: GradeResult;
  reference: GradeResult;
  decoys: { name: string; result: GradeResult }[];
  /** check paths the starting tree already holds: the agent would see hidden checks */
  leakedCheckPaths: string[];
}

/** The bundled corpus's quality rules: enough checks to be specific, a regression guard, a decoy, relevant files. */
function qualityReasons(task: LoadedTask): string[] {
  const required = task.task.checks?.required ?? task.task.repository?.failToPass ?? [];
  const regressions = task.task.checks?.regressions ?? task.task.repository?.passToPass ?? [];
  const reasons: string[] = [];
  if (required.length < 2 || required.length > 5) reasons.push(`has ${required.length} required checks (expected 2–5)`);
  if (regressions.length === 0) reasons.push('has no regression check (expected at least 1)');
  if (task.decoys.length === 0) reasons.push('has no decoy under decoys/ (expected at least 1)');
  if (!task.task.relevantFiles)
    reasons.push('has no relevantFiles (expected the preregistered files a solver needs to look at)');
  return reasons;
}

function tamperingReasons(where: string, result: GradeResult): string[] {
  return result.findings.map((finding) => `${where} trips the tampering rules: ${finding.detail}`);
}

function startReasons(start: GradeResult): string[] {
  if (start.findings.length > 0) return tamperingReasons('the starting tree', start);
  return start.checks.flatMap((check) => {
    if (check.status === 'error')
      return [`${check.kind} check '${check.id}' could not run on the starting tree: ${check.message}`];
    if (check.kind === 'required' && check.status === 'pass')
      return [`required check '${check.id}' passes on the starting tree`];
    if (check.kind === 'regression' && check.status === 'fail')
      return [`regression check '${check.id}' fails on the starting tree: ${check.message}`];
    return [];
  });
}

function referenceReasons(reference: GradeResult): string[] {
  if (reference.findings.length > 0) return tamperingReasons('the reference', reference);
  return reference.checks.flatMap((check) => {
    if (check.status === 'fail') return [`check '${check.id}' fails on the reference: ${check.message}`];
    if (check.status === 'error') return [`check '${check.id}' could not run on the reference: ${check.message}`];
    return [];
  });
}

/**
 * A decoy must be caught by positive evidence: a check that ran and failed (a required one under
 * the bundled rules, any one under the imported rules: a natural wrong fix is often caught only by
 * a pass-to-pass test).
 */
function decoyReasons(rules: QualificationRules, name: string, result: GradeResult): string[] {
  if (result.findings.length > 0) return tamperingReasons(`decoy '${name}'`, result);
  const catching = result.checks.filter((check) => rules === 'imported' || check.kind === 'required');
  if (catching.some((check) => check.status === 'fail')) return [];
  const errored = catching.find((check) => check.status === 'error');
  const which = rules === 'imported' ? 'check' : 'required check';
  if (errored) return [`decoy '${name}': ${which} '${errored.id}' could not run: ${errored.message}`];
  return [`decoy '${name}' passes every ${which}`];
}

/** What is worth knowing but does not unqualify: an imported task without decoys. */
export function qualificationNotes(rules: QualificationRules, task: LoadedTask): string[] {
  return rules === 'imported' && task.decoys.length === 0
    ? ['has no decoy under decoys/: the checks were not shown to catch a wrong fix']
    : [];
}

/** Every reason a task is not qualified; none means qualified. */
export function qualificationReasons(evidence: QualificationEvidence): string[] {
  return [
    ...(evidence.rules === 'bundled' ? qualityReasons(evidence.task) : []),
    ...evidence.leakedCheckPaths.map((path) => `the starting tree holds ${path}, a path the hidden checks use`),
    ...startReasons(evidence.start),
    ...referenceReasons(evidence.reference),
    ...evidence.decoys.flatMap(({ name, result }) => decoyReasons(evidence.rules, name, result)),
  ];
}
