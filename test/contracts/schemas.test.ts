import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../src/contracts/corpus.js';
import { CrossoverError, parseWith } from '../../src/contracts/errors.js';
import { ExperimentSchema } from '../../src/contracts/experiment.js';
import { ReceiptSchema } from '../../src/contracts/receipt.js';
import { ARTIFACTS, artifactNames, jsonSchemaOf } from '../../src/contracts/registry.js';

const task = {
  schema: 'crossover.task/1',
  id: 'cart-total',
  title: 'Cart total ignores discounts',
  category: 'boundary-logic',
  surface: 'api',
  timeoutSec: 120,
  checks: {
    required: [{ id: 'applies-discount', file: 'required/discount.mjs', runner: 'node' }],
    regressions: [{ id: 'plain-total', file: 'regressions/plain.mjs', runner: 'node' }],
  },
};

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CrossoverError);
    return (error as Error).message;
  }
  throw new Error('expected the parse to throw');
}

describe('closed schemas name the file, the field and what was expected', () => {
  it('accepts a valid task and fills defaults', () => {
    const parsed = parseWith(TaskSchema, task, 'corpus/tasks/cart-total/task.json');
    expect(parsed.checks?.required[0]?.timeoutMs).toBe(20_000);
    expect(parsed.protectedPaths).toEqual([]);
  });

  it('rejects an unknown field with its JSON path', () => {
    const bad = { ...task, checks: { ...task.checks, required: [{ ...task.checks.required[0], weight: 2 }] } };
    const message = messageOf(() => parseWith(TaskSchema, bad, 'corpus/tasks/cart-total/task.json'));
    expect(message).toContain('corpus/tasks/cart-total/task.json');
    expect(message).toContain('$.checks.required[0].weight: unknown field');
  });

  it('rejects a wrong type with its JSON path and the expected type', () => {
    const message = messageOf(() => parseWith(TaskSchema, { ...task, timeoutSec: '120' }, 'task.json'));
    expect(message).toMatch(/\$\.timeoutSec: .*expected number, received string/);
  });

  it('rejects a path that climbs out of its directory', () => {
    const bad = { ...task, relevantFiles: ['../secret.js'] };
    expect(messageOf(() => parseWith(TaskSchema, bad, 'task.json'))).toContain('$.relevantFiles[0]');
  });

  const experimentWith = (agent: unknown) => ({
    id: 'demo',
    stage: 0,
    corpus: '../corpus',
    agent,
    arms: [{ id: 'base', role: 'baseline' }],
    repeats: 1,
    promptTemplate: 'prompts/default.md',
  });

  it('holds a built-in agent to its own schema: a wrong value and an unknown field by their paths', () => {
    const codex = { adapter: 'codex', version: '0.171.0', model: 'gpt' };
    const wrong = messageOf(() => parseWith(ExperimentSchema, experimentWith({ ...codex, model: 5 }), 'e.ts'));
    expect(wrong).toMatch(/\$\.agent\.model: .*expected string, received number/);
    const unknown = messageOf(() => parseWith(ExperimentSchema, experimentWith({ ...codex, modle: 'gpt' }), 'e.ts'));
    expect(unknown).toContain('$.agent.modle: unknown field');
    const missing = messageOf(() => parseWith(ExperimentSchema, experimentWith({ adapter: 'claude-code' }), 'e.ts'));
    expect(missing).toContain('$.agent.version');
  });

  it('names the adapter field of an agent without a well-formed adapter name', () => {
    expect(messageOf(() => parseWith(ExperimentSchema, experimentWith({ adapter: 'Cursor!' }), 'e.ts'))).toContain(
      '$.agent.adapter',
    );
  });

  it("leaves an adapter it does not ship to the registry, which checks the agent's own fields", () => {
    // The registry refuses a name nobody registered (test/plan/experiment-validation.test.ts).
    const parsed = parseWith(ExperimentSchema, experimentWith({ adapter: 'cursor', level: 3 }), 'e.ts');
    expect(parsed.agent).toEqual({ adapter: 'cursor', level: 3 });
  });

  it('refuses a receipt whose status is not one of the trial statuses', () => {
    const message = messageOf(() =>
      parseWith(ReceiptSchema, { schema: 'crossover.receipt/1', status: 'skipped' }, 'r.json'),
    );
    expect(message).toContain('$.status');
  });
});

describe('published JSON Schemas', () => {
  it.each(artifactNames())('%s has a closed JSON Schema', (name) => {
    const schema = jsonSchemaOf(name);
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
  });

  // Declarations embedded in experiments/*.ts carry no version of their own; every file document does.
  const documents = artifactNames().filter((name) => name !== 'experiment' && name !== 'provider');
  it.each(documents)('%s documents carry their schema version', (name) => {
    const schema = jsonSchemaOf(name) as { properties: { schema: { const: string } }; required: string[] };
    expect(schema.properties.schema.const).toMatch(new RegExp(`^crossover\\.${name}/[1-9][0-9]*$`));
    expect(schema.required).toContain('schema');
  });

  it('lists every artifact of the registry', () => {
    expect(artifactNames()).toEqual(Object.keys(ARTIFACTS).sort());
  });
});
