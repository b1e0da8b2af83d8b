import type { ToolCall } from '../agents/adapter.js';
import type { PlannedArm } from '../contracts/plan.js';
import { boundedFinding, type Finding } from '../contracts/receipt.js';
import { armContextTools } from './arm-tools.js';

/** File names agent CLIs read as instructions or MCP configuration, wherever they sit in a tree. */
const INSTRUCTION_NAMES = new Set([
  'agents.md',
  'agents.override.md',
  'claude.md',
  'claude.local.md',
  'gemini.md',
  '.mcp.json',
  '.cursorrules',
  '.windsurfrules',
]);
/** Directories whose content agent CLIs load: settings, skills, sub-agents, rules. */
const INSTRUCTION_DIRS = new Set(['.claude', '.agents', '.codex', '.cursor', '.gemini']);
const INSTRUCTION_PATHS = ['.github/copilot-instructions.md'];

/** True for a workspace path an agent CLI would read as instructions or configuration. */
export function isInstructionPath(path: string): boolean {
  const segments = path.toLowerCase().split('/');
  const name = segments.at(-1) ?? '';
  if (INSTRUCTION_NAMES.has(name)) return true;
  if (segments.slice(0, -1).some((segment) => INSTRUCTION_DIRS.has(segment))) return true;
  return INSTRUCTION_PATHS.some((suffix) => path.toLowerCase() === suffix || path.toLowerCase().endsWith(`/${suffix}`));
}

export interface ContaminationInput {
  arm: PlannedArm;
  /** paths the task's starting tree shipped */
  shipped: ReadonlySet<string>;
  /** paths in the workspace after the agent ran */
  present: readonly string[];
  toolCalls: readonly ToolCall[] | null;
  /** tools the agent itself provides (its file and shell tools), always allowed */
  builtinTools: readonly string[];
  /** skill folders below the run home after the run, as `<location>/<name>` */
  skillFolders: readonly string[];
  /** where the arm's declared skills were installed, as `<location>/<name>` */
  installedSkills: ReadonlySet<string>;
  /** skills the agent listed or invoked; null when unobservable */
  agentSkills: readonly string[] | null;
  /** skills the agent ships with: never the arm's, never contamination */
  builtinSkills: readonly string[];
}

function namesWithCounts(names: string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, count]) => `${name} ×${count}`)
    .join(', ');
}

/** Whether the arm may make `call`: its agent's own tools and its allowedTools; provider tools only as armContextTools says. */
function allowedCall(arm: PlannedArm, builtinTools: readonly string[]): (call: ToolCall) => boolean {
  const context = armContextTools(arm);
  const own = new Set([...arm.allowedTools, ...builtinTools, ...(arm.provider?.tools ?? [])]);
  return (call) => (call.context ? context === null || context.includes(call.name) : own.has(call.name));
}

function toolFindings(input: ContaminationInput): Finding[] {
  const calls = input.toolCalls ?? [];
  const { arm } = input;
  const noProvider = arm.provider === null || arm.role === 'baseline';
  const allowed = allowedCall(arm, input.builtinTools);
  const inBaseline = calls.filter((call) => call.context && noProvider).map((call) => call.name);
  const notAllowed = calls
    .filter((call) => (call.context ? !noProvider && !allowed(call) : !allowed(call)))
    .map((call) => call.name);
  const findings: Finding[] = [];
  if (inBaseline.length > 0) {
    findings.push(
      boundedFinding(
        'contamination',
        `context-provider tools called in an arm without a provider (${arm.role}): ${namesWithCounts(inBaseline)}`,
      ),
    );
  }
  if (notAllowed.length > 0)
    findings.push(
      boundedFinding('contamination', `tools not allowed for arm ${arm.id}: ${namesWithCounts(notAllowed)}`),
    );
  return findings;
}

function fileFindings(input: ContaminationInput): Finding[] {
  const added = input.present.filter((path) => !input.shipped.has(path) && isInstructionPath(path));
  if (added.length === 0) return [];
  const shown = added.slice(0, 10).join(', ') + (added.length > 10 ? ', …' : '');
  return [
    boundedFinding('contamination', `instruction files the task did not ship appeared in the workspace: ${shown}`),
  ];
}

/**
 * A skill the arm did not declare: a folder in one of the run home's skill locations that was not
 * installed there, or a skill the agent listed or invoked that is neither declared nor its own.
 */
function skillFindings(input: ContaminationInput): Finding[] {
  const findings: Finding[] = [];
  const planted = input.skillFolders.filter((folder) => !input.installedSkills.has(folder));
  if (planted.length > 0)
    findings.push({
      kind: 'contamination',
      detail: `skills arm ${input.arm.id} did not declare were found in its config home: ${planted.slice(0, 10).join(', ')}`,
    });
  const declared = new Set([...input.installedSkills].map((folder) => folder.split('/').at(-1)));
  const builtin = new Set(input.builtinSkills);
  const foreign = [...new Set(input.agentSkills ?? [])].filter((name) => !declared.has(name) && !builtin.has(name));
  if (foreign.length > 0)
    findings.push({
      kind: 'contamination',
      detail: `the agent listed or invoked skills arm ${input.arm.id} did not declare: ${foreign.sort().slice(0, 10).join(', ')}`,
    });
  return findings;
}

/**
 * The contamination scan (docs/architecture.md, "Trial"): what makes a trial's outcome unattributable to its arm, whatever the checks
 * say. A stale provider index is judged where the index is known (stale-context), not here.
 */
export function detectContamination(input: ContaminationInput): Finding[] {
  return [...toolFindings(input), ...fileFindings(input), ...skillFindings(input)];
}
