import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer, Script } from '../../fixtures/mock-models/script.js';
import type { AgentInput } from '../../src/contracts/agent.js';
import type { Receipt } from '../../src/contracts/receipt.js';
import { agentPrefix } from '../../src/io/agent-install.js';
import { fileDigest } from '../../src/io/file-digest.js';
import {
  crossover,
  type InstallableAdapter,
  installOnce,
  REPO,
  receiptsByCell,
  sliceScript,
  TASKS,
  writeProject,
} from './project.js';

export interface EndToEndOptions {
  adapter: InstallableAdapter;
  version: string;
  agent: (baseUrl: string) => AgentInput & { adapter: InstallableAdapter; version: string };
  credential: string;
  startMock: (script: Script) => Promise<MockServer>;
  /** the instruction file the agent reads, which the scripted agent plants */
  instructionFile: string;
  /** tool calls of the plain fix (one `ls`, then read and write the reference file) */
  fixTools: Record<string, number>;
  /** how the finding names a model API that kept answering 429 through the agent's retries */
  apiFault: string;
}

/**
 * The real agent binary, pinned and sandboxed, against a local model mock, through the whole Vitest
 * trial path (`crossover probe`, then `crossover run` of a stage-1 experiment): one run, sixteen
 * trials, each acceptance point a cell of the slice.
 */
export function endToEndSuite(options: EndToEndOptions): void {
  describe(`${options.adapter} end to end against a scripted model`, () => {
    let cells = new Map<string, Receipt[]>();
    let runOutput = '';
    let faultsServed: number[] = [];
    let root: string | null = null;

    beforeAll(async () => {
      const installed = await installOnce(options.adapter, options.version);
      // The record names the real executable (the bin link's target or the native binary) and its digest.
      expect(installed.digest).toBe(
        await fileDigest(join(agentPrefix(REPO, options.adapter, options.version), installed.executable)),
      );
      const mock = await options.startMock(await sliceScript(options.instructionFile));
      try {
        root = await writeProject(options.agent(mock.url), options.credential);
        const env = { [options.credential]: 'mock-key' };
        const probe = await crossover(root, ['probe', 'experiments/real.ts'], env);
        expect(probe.exitCode, probe.stderr).toBe(0);
        const run = await crossover(root, ['run', 'experiments/real.ts'], env);
        runOutput = `${run.stdout}\n${run.stderr}`;
        expect(run.exitCode, runOutput.slice(-3000)).toBe(0);
        cells = await receiptsByCell(root);
        faultsServed = [...mock.faults.values()];
      } finally {
        await mock.close();
      }
    }, 600_000);
    afterAll(() => (root === null ? undefined : rm(root, { recursive: true, force: true })));

    const cell = (task: string, arm: string): Receipt[] => {
      const receipts = cells.get(`${task}/${arm}`) ?? [];
      expect(receipts, `${task}/${arm}: receipts of both repeats\n${runOutput.slice(-2000)}`).toHaveLength(2);
      return receipts;
    };
    const details = (receipt: Receipt): string => receipt.findings.map((f) => `${f.kind}: ${f.detail}`).join('\n');

    it('a scripted agent fixes a real corpus task: passed, with its tool calls observed', () => {
      for (const receipt of cell(TASKS.fix, 'baseline')) {
        expect(receipt.status, details(receipt)).toBe('passed');
        expect(receipt.diagnostics.tools).toEqual(options.fixTools);
        expect(receipt.diagnostics.contextToolCalls).toBe(0);
        expect(receipt.diagnostics.filesInspected).toBe(1);
        expect(receipt.diagnostics.inputTokens).toBeGreaterThan(0);
      }
    });

    it("counts the treatment's call to the code-search MCP provider as a context-tool call", () => {
      for (const receipt of cell(TASKS.fix, 'code-search')) {
        expect(receipt.status, details(receipt)).toBe('passed');
        expect(receipt.diagnostics.contextToolCalls).toBe(1);
        expect(receipt.diagnostics.tools).toMatchObject({ search_code: 1 });
      }
    });

    // The proxy, not the transcript, is the authority on context-tool calls: a baseline is given no
    // provider, so the tool it asks for reaches nothing (test/trial/command-agent-mcp.test.ts covers a
    // baseline that starts the provider's server by hand).
    it('a baseline that asks for a provider tool reaches no provider: the proxy records no call', () => {
      for (const receipt of cell(TASKS.providerInBaseline, 'baseline')) {
        expect(receipt.diagnostics.contextToolCalls, details(receipt)).toBe(0);
        expect(receipt.contextCalls).toEqual([]);
        expect(receipt.status, details(receipt)).toBe('passed');
      }
    });

    it('a workspace that gains an instruction file is contaminated', () => {
      for (const receipt of [
        ...cell(TASKS.plantsInstructions, 'baseline'),
        ...cell(TASKS.plantsInstructions, 'code-search'),
      ]) {
        expect(receipt.status).toBe('contaminated');
        expect(details(receipt)).toContain(
          `instruction files the task did not ship appeared in the workspace: ${options.instructionFile}`,
        );
      }
    });

    it('a model API that answers 429 twice, then succeeds: the agent retries and the trial passes', () => {
      for (const receipt of cell(TASKS.apiFaults, 'code-search'))
        expect(receipt.status, details(receipt)).toBe('passed');
      // Each of the two trials' conversations was refused twice before it went on.
      expect(faultsServed).toEqual([2, 2]);
    });

    it('a model API that answers 429 for good: api-fault (invalid, re-attemptable), not agent-error', () => {
      for (const receipt of cell(TASKS.apiFaults, 'baseline')) {
        expect(receipt.status).toBe('api-fault');
        expect(receipt.findings).toContainEqual({ kind: 'agent', detail: options.apiFault });
      }
    });

    it('usage missing from the API gives null tokens and cost, never zero', () => {
      for (const receipt of cell(TASKS.providerInBaseline, 'code-search')) {
        expect(receipt.status, details(receipt)).toBe('passed');
        expect(receipt.diagnostics.inputTokens).toBeNull();
        expect(receipt.diagnostics.outputTokens).toBeNull();
        expect(receipt.diagnostics.costUsd).toBeNull();
      }
    });
  });
}
