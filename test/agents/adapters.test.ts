import { describe, expect, it } from 'vitest';
import { adapterFor } from '../../src/agents/registry.js';
import { appliesReference, seededDraw } from '../../src/agents/synthetic/adapter.js';
import { sha256Hex } from '../../src/contracts/canonical.js';

describe('adapters', () => {
  it("draws the seeded agent's outcome from the trial id alone: first 8 hex of sha256 / 2^32", () => {
    const id = '0123456789abcdef01234567';
    expect(seededDraw(id)).toBe(Number.parseInt(sha256Hex(id).slice(0, 8), 16) / 2 ** 32);
    const agent = { adapter: 'synthetic', behavior: 'seeded', successProbability: 0.5, queryProvider: false } as const;
    const ids = Array.from({ length: 400 }, (_, i) => sha256Hex(`trial ${i}`).slice(0, 24));
    const applied = ids.filter((trialId) => appliesReference(agent, trialId)).length;
    expect(applied).toBeGreaterThan(150);
    expect(applied).toBeLessThan(250);
    expect(ids.map((trialId) => appliesReference(agent, trialId))).toEqual(
      ids.map((trialId) => appliesReference(agent, trialId)),
    );
    expect(ids.every((trialId) => appliesReference({ ...agent, successProbability: 1 }, trialId))).toBe(true);
    expect(ids.some((trialId) => appliesReference({ ...agent, successProbability: 0 }, trialId))).toBe(false);
  });

  it('refuses a seeded agent without its declared probability', () => {
    expect(() => adapterFor({ adapter: 'synthetic', behavior: 'seeded', queryProvider: false })).toThrow(
      /successProbability/,
    );
  });

  it('refuses an installed agent without the project root its pinned install lives under', () => {
    expect(() => adapterFor({ adapter: 'claude-code', version: '2.1.332', model: 'm', maxTurns: 4 })).toThrow(
      expect.objectContaining({ code: 'refused' }),
    );
    expect(() => adapterFor({ adapter: 'codex', version: '0.171.0', model: 'm' })).toThrow(/needs the project root/);
  });
});
