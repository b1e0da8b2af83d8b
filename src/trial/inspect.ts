import type { AgentRunResult, ToolCall } from '../agents/adapter.js';
import { skillsHomeOf } from '../agents/registry.js';
import type { EvidenceDiff } from '../contracts/evidence.js';
import type { PlannedArm } from '../contracts/plan.js';
import type { Finding, ReceiptBody } from '../contracts/receipt.js';
import { redact } from '../contracts/redaction.js';
import type { TreeModel } from '../contracts/tree.js';
import { scanWorkspace, type WorkspaceScan } from '../grading/workspace-scan.js';
import { indexRevisionMatches } from '../provider-runtime/context-index.js';
import type { AgentRun } from './agent-phase.js';
import { workspaceChanges } from './changes.js';
import { detectContamination } from './contamination.js';
import { changedPaths } from './diagnostics.js';
import { workspaceDiff } from './evidence-diff.js';
import { isHttp } from './mcp-proxy.js';
import { redactionOf } from './redaction.js';
import { skillFolders } from './skills.js';
import { overlaidPaths, type TrialSpec } from './spec.js';

/** What the agent left, as one scan of the workspace saw it: before any hidden check is copied in. */
export interface Inspection {
  /** the workspace as the scan read it, the overlaid paths left out */
  scan: WorkspaceScan;
  /** the starting tree, the overlaid paths left out */
  start: TreeModel;
  modified: string[];
  /** the workspace against its starting tree, for the evidence; null when none is kept */
  diff: EvidenceDiff | null;
  changes: ReceiptBody['changes'] | null;
  contaminated: boolean;
  stale: boolean;
  findings: Finding[];
}

/** A tree model without the overlaid paths (a provider's in-tree index, a rebuilt .git): not the agent's work. */
function modelWithout(model: TreeModel, overlaid: (path: string) => boolean): TreeModel {
  return {
    files: model.files.filter((entry) => !overlaid(entry.path)),
    emptyDirectories: model.emptyDirectories.filter((path) => !overlaid(path)),
    links: model.links.filter((link) => !overlaid(link.path)),
  };
}

/** The scan without the overlaid paths. */
function withoutOverlaid(scan: WorkspaceScan, overlaid: (path: string) => boolean): WorkspaceScan {
  return { ...scan, model: modelWithout(scan.model, overlaid), refused: scan.refused.filter((e) => !overlaid(e.path)) };
}

/** Providers whose index (CROSSOVER_INDEX_DIR) was not built from this task's snapshot. */
async function staleIndexes(spec: TrialSpec, run: AgentRun): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const server of run.prepared.launch.mcpServers) {
    const indexDir = isHttp(server) ? undefined : server.env.CROSSOVER_INDEX_DIR;
    if (indexDir !== undefined && !(await indexRevisionMatches(indexDir, spec.task.parts.workspace))) {
      findings.push({
        kind: 'stale-context',
        detail: `the index of MCP server ${server.name} was not built from this task's snapshot`,
      });
    }
  }
  return findings;
}

/** Where the arm's declared skills were installed below the run home, as `<location>/<name>`. */
function installedSkillFolders(arm: PlannedArm): Set<string> {
  const location = skillsHomeOf(arm.agent.spec.adapter);
  return new Set((arm.skills?.installed ?? []).map((skill) => `${location}/${skill.name}`));
}

/** The skills the agent listed or invoked; null when it shows neither. */
function agentSkills(observation: AgentRunResult['observation']): string[] | null {
  if (observation.skillsAvailable === null && observation.skillsUsed === null) return null;
  return [...(observation.skillsAvailable ?? []), ...(observation.skillsUsed ?? [])];
}

/** What the scan found besides regular files: links, and entries it refused to read. */
function nonFiles(scan: WorkspaceScan): string[] {
  return [...scan.model.links.map((link) => link.path), ...scan.refused.map((entry) => entry.path)];
}

/** Paths the agent added or changed, links and refused entries included (the task's own links are not its doing). */
function modifiedPaths(scan: WorkspaceScan, start: TreeModel): string[] {
  const shippedLinks = new Set(start.links.map((link) => link.path));
  const others = nonFiles(scan).filter((path) => !shippedLinks.has(path));
  return [...changedPaths(start.files, scan.model.files), ...others].sort();
}

/** Contamination: tools the arm may not call, instruction files and skills it did not ship. */
async function contaminationOf(
  spec: TrialSpec,
  run: AgentRun,
  scan: WorkspaceScan,
  start: TreeModel,
  tools: readonly ToolCall[] | null,
) {
  return detectContamination({
    arm: spec.arm,
    shipped: new Set([...start.files.map((entry) => entry.path), ...start.links.map((link) => link.path)]),
    present: [...scan.model.files.map((entry) => entry.path), ...nonFiles(scan)],
    toolCalls: tools,
    builtinTools: run.prepared.adapter.builtinTools,
    skillFolders: await skillFolders(run.prepared.context.home),
    installedSkills: installedSkillFolders(spec.arm),
    agentSkills: agentSkills(run.result.observation),
    builtinSkills: run.prepared.adapter.builtinSkills,
  });
}

/**
 * One scan of the workspace for the diff, contamination and tampering, the provider indexes checked
 * for staleness: what the agent left, before a repository task's hidden tests are copied in.
 */
export async function inspectWorkspace(
  spec: TrialSpec,
  run: AgentRun,
  toolCalls: readonly ToolCall[] | null,
  trialDir: string,
): Promise<Inspection> {
  const { prepared } = run;
  const overlaid = overlaidPaths(
    spec,
    prepared.launch.overlays.flatMap((overlay) => overlay.paths),
  );
  const scan = withoutOverlaid(await scanWorkspace(prepared.workspace), overlaid);
  const start = modelWithout(prepared.snapshot.model, overlaid);
  const modified = modifiedPaths(scan, start);
  const contamination = await contaminationOf(spec, run, scan, start, toolCalls);
  const staleness = await staleIndexes(spec, run);
  const diff = spec.keepEvidence
    ? await workspaceDiff({
        snapshot: prepared.snapshot.dir,
        shipped: start,
        workspace: prepared.workspace,
        scan,
        redact: (text) => redact(text, redactionOf(spec, trialDir, run.leased)),
      })
    : null;
  const changes = await workspaceChanges(prepared.snapshot.dir, prepared.workspace, modified);
  return {
    scan,
    start,
    modified,
    diff,
    changes,
    contaminated: contamination.length > 0,
    stale: staleness.length > 0,
    findings: [...contamination, ...staleness],
  };
}
