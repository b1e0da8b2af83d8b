import { describe, expect, it } from 'vitest';
import type { ProbeIdentity } from '../../src/contracts/probe.js';
import { decideEligibility, isPinnedVersion } from '../../src/probe/eligibility.js';
import { egressPosture } from '../../src/provider-runtime/egress.js';
import { provider } from './support.js';

function identity(overrides: Partial<ProbeIdentity> = {}): ProbeIdentity {
  const declaration = overrides.declaration ?? provider();
  return {
    declaration,
    providerSetup: { status: 'skipped', detail: 'no setup step declared', digest: null },
    setup: { status: 'ok', detail: null },
    interface: null,
    tools: ['search_code'],
    index: {
      status: 'ok',
      detail: null,
      sampleTask: 't',
      revision: `sha256:${'1'.repeat(64)}`,
      freshness: { status: 'ok', detail: null },
    },
    version: { status: 'skipped', detail: 'no version command declared' },
    sample: { status: 'skipped', detail: 'no sample call declared', tool: null },
    observability: 'mcp-protocol',
    egress: egressPosture(declaration, false),
    credentials: [],
    limitations: [],
    containment: {
      sandbox: 'none',
      network: 'none',
      survivors: { status: 'ok', detail: null },
      networkObserved: false,
      networkAttempts: [],
    },
    ...overrides,
  };
}

describe('unpinned versions are refused', () => {
  it.each([
    'latest',
    'LATEST',
    '*',
    'x',
    '^1.2.3',
    '~1.2.3',
    '>=1.0.0',
    '1.x',
    '1.2.X',
    '1.*',
    '1.0.0 - 2.0.0',
    '1 || 2',
    'next',
    'main',
    '',
  ])('%j is not pinned', (version) => expect(isPinnedVersion(version)).toBe(false));
  it.each(['1.2.3', 'v1.2.3', '1.2.3-beta.1', '1.2.3+build.5', '2024.05.01', '0.0.83', 'a1b2c3d'])(
    '%j is pinned',
    (version) => expect(isPinnedVersion(version)).toBe(true),
  );
});

describe('eligibility (pure)', () => {
  it("is eligible in the cohort of the provider's mode", () => {
    const enterprise = provider({ mode: 'enterprise' });
    expect(
      decideEligibility(identity({ declaration: enterprise, egress: egressPosture(enterprise, true) })),
    ).toMatchObject({ status: 'eligible', cohort: 'enterprise' });
  });

  it('lists every exclusion, and the missing egress approval beside them', () => {
    const bad = provider({ kind: 'infrastructure', version: 'latest', mode: 'hosted' });
    const result = decideEligibility(
      identity({
        declaration: bad,
        egress: egressPosture(bad, false),
        setup: { status: 'failed', detail: 'boom' },
        tools: [],
      }),
    );
    expect(result.status).toBe('excluded');
    expect(result.reasons.map((r) => r.split(':')[0])).toEqual([
      'infrastructure',
      'setup-failed',
      'unpinned-version',
      'egress-not-approved',
    ]);
  });

  it('blocks, rather than excludes, when only the egress approval is missing', () => {
    const hosted = provider({ mode: 'hosted' });
    expect(decideEligibility(identity({ declaration: hosted, egress: egressPosture(hosted, false) }))).toEqual({
      status: 'blocked',
      cohort: null,
      reasons: [expect.stringMatching(/^egress-not-approved: /)],
    });
  });

  it("never says task source is sent to a provider that declares it is not (DeepWiki's recipe)", () => {
    const wiki = provider({ mode: 'hosted', egress: { hosts: ['deepwiki.com'], sendsSource: false } });
    const [reason] = decideEligibility(identity({ declaration: wiki, egress: egressPosture(wiki, false) })).reasons;
    expect(reason).toContain('hosted provider reaching deepwiki.com');
    expect(reason).toContain('before anything is sent to it (it declares that no task source is)');
    expect(reason).not.toContain('task source is sent');
    const sends = provider({ mode: 'hosted', egress: { hosts: ['deepwiki.com'], sendsSource: true } });
    expect(
      decideEligibility(identity({ declaration: sends, egress: egressPosture(sends, false) })).reasons[0],
    ).toContain(
      'hosted provider sends task source reaching deepwiki.com; an approval naming "code-search" is required before task source is sent',
    );
  });

  it('treats a local provider that sends source or reaches a remote host as egress', () => {
    expect(egressPosture(provider({ egress: { hosts: [], sendsSource: true } }), false).needsApproval).toBe(true);
    expect(
      egressPosture(provider({ egress: { hosts: ['api.example.com:443'], sendsSource: false } }), false),
    ).toMatchObject({ posture: 'remote', needsApproval: true });
    expect(
      egressPosture(provider({ egress: { hosts: ['127.0.0.1:8080', 'localhost'], sendsSource: false } }), false),
    ).toMatchObject({ posture: 'loopback', needsApproval: false });
  });

  it('excludes an unobservable interface and an index that failed', () => {
    expect(decideEligibility(identity({ observability: 'unobservable' })).reasons).toEqual([
      expect.stringMatching(/^unobservable: /),
    ]);
    expect(
      decideEligibility(
        identity({
          index: {
            status: 'failed',
            detail: 'exit 1',
            sampleTask: 't',
            revision: null,
            freshness: { status: 'skipped', detail: 'no index was built' },
          },
        }),
      ).reasons,
    ).toEqual(['setup-failed: index command: exit 1']);
  });

  it('excludes a provider whose one-time setup failed, with a reason starting "setup: "', () => {
    const failed = identity({
      providerSetup: { status: 'failed', detail: '"node" exited with code 3: no model', digest: null },
    });
    expect(decideEligibility(failed)).toEqual({
      status: 'excluded',
      cohort: null,
      reasons: ['setup: "node" exited with code 3: no model'],
    });
    // Positive control: the same identity with the setup done is eligible.
    const done = identity({ providerSetup: { status: 'ok', detail: null, digest: `sha256:${'2'.repeat(64)}` } });
    expect(decideEligibility(done).status).toBe('eligible');
  });

  it('excludes an index its freshness check finds stale, with the reason', () => {
    const stale = identity({
      index: {
        status: 'ok',
        detail: null,
        sampleTask: 't',
        revision: `sha256:${'1'.repeat(64)}`,
        freshness: { status: 'failed', detail: 'src/a.js changed since it was indexed' },
      },
    });
    expect(decideEligibility(stale)).toMatchObject({
      status: 'excluded',
      reasons: ['freshness: src/a.js changed since it was indexed'],
    });
  });
});
