import { describe, expect, it } from 'vitest';
import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { detectContamination, isInstructionPath } from '../../src/trial/contamination.js';
import { trialStatus } from '../../src/trial/status.js';

function arm(overrides: Partial<PlannedArm> = {}): PlannedArm {
  return {
    id: 'treatment',
    role: 'treatment',
    agent: {
      spec: { adapter: 'command', command: 'agent', version: '1' },
      executableDigest: null,
      promptTemplateDigest: digestOf('p'),
    },
    provider: {
      id: 'code-search',
      kind: 'search',
      mode: 'local',
      interface: 'mcp-stdio',
      version: '1.0.0',
      configDigest: digestOf('c'),
      launch: null,
      url: null,
      index: null,
      files: [],
      install: null,
      probeDigest: null,
      eligibility: null,
      eligibilityReasons: [],
      tools: ['search_code'],
      sendsSource: false,
    },
    allowedTools: ['WebFetch', 'search_code'],
    instructionFiles: [],
    skills: null,
    ...overrides,
  };
}

const clean = {
  shipped: new Set(['src/a.js', 'AGENTS.md']),
  present: ['src/a.js', 'AGENTS.md'],
  builtinTools: ['Read', 'Edit'],
  skillFolders: [],
  installedSkills: new Set<string>(),
  agentSkills: null,
  builtinSkills: [],
};

describe('contamination rules', () => {
  it('knows the instruction files agent CLIs load', () => {
    for (const path of [
      'AGENTS.md',
      'pkg/CLAUDE.md',
      '.mcp.json',
      '.cursorrules',
      '.github/copilot-instructions.md',
      '.claude/settings.json',
      '.agents/skills/x/SKILL.md',
      '.codex/config.toml',
    ]) {
      expect(isInstructionPath(path), path).toBe(true);
    }
    for (const path of ['src/agents.js', 'docs/claude.txt', 'README.md', 'github/copilot-instructions.txt'])
      expect(isInstructionPath(path), path).toBe(false);
  });

  it("accepts the agent's own tools, the arm's allowed tools, its provider's tools and instruction files the task shipped", () => {
    const toolCalls = [
      { name: 'Read', context: false },
      { name: 'search_code', context: true },
    ];
    expect(detectContamination({ ...clean, arm: arm({ allowedTools: ['search_code'] }), toolCalls })).toEqual([]);
    // an arm that names no tools may call its provider's declared ones
    expect(detectContamination({ ...clean, arm: arm({ allowedTools: [] }), toolCalls })).toEqual([]);
    // an arm without a provider may allow a tool beyond the agent's own
    const webFetch = [{ name: 'WebFetch', context: false }];
    expect(detectContamination({ ...clean, arm: arm({ provider: null }), toolCalls: webFetch })).toEqual([]);
  });

  it('flags a context-provider tool in the baseline, a tool the arm does not allow, and a new CLAUDE.md', () => {
    const baseline = arm({ id: 'baseline', role: 'baseline', provider: null });
    const findings = detectContamination({
      ...clean,
      arm: baseline,
      present: [...clean.present, 'src/CLAUDE.md'],
      toolCalls: [
        { name: 'search_code', context: true },
        { name: 'search_code', context: true },
        { name: 'Bash', context: false },
      ],
    });
    expect(findings.map((f) => f.detail)).toEqual([
      'context-provider tools called in an arm without a provider (baseline): search_code ×2',
      'tools not allowed for arm baseline: Bash ×1',
      'instruction files the task did not ship appeared in the workspace: src/CLAUDE.md',
    ]);
    expect(findings.every((f) => f.kind === 'contamination')).toBe(true);
  });

  it('flags a skill folder the arm did not declare and a skill the agent listed that is neither declared nor its own', () => {
    const declared = { installedSkills: new Set(['.claude/skills/alpha']), builtinSkills: ['debug'] };
    const ok = detectContamination({
      ...clean,
      ...declared,
      arm: arm(),
      toolCalls: [],
      skillFolders: ['.claude/skills/alpha'],
      agentSkills: ['alpha', 'debug'],
    });
    expect(ok).toEqual([]);
    const findings = detectContamination({
      ...clean,
      ...declared,
      arm: arm(),
      toolCalls: [],
      skillFolders: ['.agents/skills/alpha', '.claude/skills/alpha', '.claude/skills/planted'],
      agentSkills: ['alpha', 'debug', 'planted', 'managed'],
    });
    expect(findings.map((f) => f.detail)).toEqual([
      'skills arm treatment did not declare were found in its config home: .agents/skills/alpha, .claude/skills/planted',
      'the agent listed or invoked skills arm treatment did not declare: managed, planted',
    ]);
  });

  it('flags a provider tool the arm was not given, even one its provider offers', () => {
    const findings = detectContamination({ ...clean, arm: arm(), toolCalls: [{ name: 'find_symbol', context: true }] });
    expect(findings.map((f) => f.detail)).toEqual(['tools not allowed for arm treatment: find_symbol ×1']);
    const offered = arm({ allowedTools: ['search_code'] });
    const both = { ...offered, provider: { ...offered.provider!, tools: ['search_code', 'find_symbol'] } };
    const narrowed = detectContamination({ ...clean, arm: both, toolCalls: [{ name: 'find_symbol', context: true }] });
    expect(narrowed.map((f) => f.detail)).toEqual(['tools not allowed for arm treatment: find_symbol ×1']);
  });

  it("judges provider tools by the arm's allowedTools, not by what its provider offers (issue 35)", () => {
    const provider = { ...arm().provider!, tools: ['search_code', 'find_symbol'] };
    // A typo in the arm's list: the provider's own tools no longer make the call allowed.
    const typo = arm({ provider, allowedTools: ['search_cod'] });
    const called = [{ name: 'search_code', context: true }];
    expect(detectContamination({ ...clean, arm: typo, toolCalls: called }).map((f) => f.detail)).toEqual([
      'tools not allowed for arm treatment: search_code ×1',
    ]);
    // The control: the arm that names the tool may call it; one naming none takes its provider's list.
    expect(detectContamination({ ...clean, arm: arm({ provider }), toolCalls: called })).toEqual([]);
    expect(detectContamination({ ...clean, arm: arm({ provider, allowedTools: [] }), toolCalls: called })).toEqual([]);
  });

  it('makes contamination win over passing checks, and never calls an ungraded trial a pass', () => {
    const base = {
      cancelled: false,
      contaminated: false,
      staleContext: false,
      cleanupFailed: false,
      agent: 'completed' as const,
      agentStarved: false,
      grade: 'passed' as const,
    };
    expect(trialStatus(base)).toBe('passed');
    expect(trialStatus({ ...base, contaminated: true })).toBe('contaminated');
    expect(trialStatus({ ...base, staleContext: true })).toBe('stale-context');
    expect(trialStatus({ ...base, cleanupFailed: true })).toBe('cleanup-failed');
    expect(trialStatus({ ...base, agent: 'timeout' })).toBe('timeout');
    expect(trialStatus({ ...base, cancelled: true, contaminated: true })).toBe('cancelled');
    expect(trialStatus({ ...base, grade: null })).toBe('check-error');
  });
});
