import type { ProbeEligibility, ProbeIdentity } from '../contracts/probe.js';

/** Version words that move: a provider declared with one can change under a registered plan. */
const MOVING_TAGS = /^(latest|next|stable|current|nightly|canary|edge|head|main|master|dev|beta|alpha|\*|x)$/i;

/**
 * An exact version names one release: no range operator (^ ~ < > = ||, hyphen or space ranges), no
 * wildcard part (1.x, 1.*), no moving tag (latest). Calendar versions and commit hashes are exact.
 */
export function isPinnedVersion(version: string): boolean {
  const v = version.trim();
  if (v === '' || MOVING_TAGS.test(v)) return false;
  if (/[\^~<>=|*\s]/.test(v)) return false;
  return !v
    .replace(/^v/, '')
    .split(/[.+-]/)
    .some((part) => /^[xX*]$/.test(part));
}

/** Why a probed provider cannot be an arm; empty when nothing excludes it. */
function exclusions(identity: ProbeIdentity): string[] {
  const { declaration, providerSetup, setup, index, tools, observability, version, sample, containment } = identity;
  const reasons: string[] = [];
  if (declaration.kind === 'infrastructure') {
    reasons.push(
      'infrastructure: declared kind "infrastructure" stores or queries data but builds no task context for an agent',
    );
  }
  if (declaration.interface.type === 'none') {
    reasons.push(
      `no-interface: no agent-readable interface (${declaration.interface.description}); expected MCP, CLI or API`,
    );
  }
  if (providerSetup.status === 'failed') reasons.push(`setup: ${providerSetup.detail ?? 'the one-time setup failed'}`);
  if (setup.status === 'failed') reasons.push(`setup-failed: ${setup.detail ?? 'the provider did not start'}`);
  if (index.status === 'failed') reasons.push(`setup-failed: index command: ${index.detail ?? 'failed'}`);
  if (index.freshness.status === 'failed') reasons.push(`freshness: ${index.freshness.detail ?? 'the index is stale'}`);
  if (containment.survivors.status === 'failed')
    reasons.push(`survivor: the provider ${containment.survivors.detail ?? 'left a process running'}`);
  if (version.status === 'failed') reasons.push(`version-mismatch: version command ${version.detail ?? 'failed'}`);
  if (sample.status === 'failed')
    reasons.push(`sample-failed: ${sample.tool ?? 'the sample call'}: ${sample.detail ?? 'no usable answer'}`);
  if (!isPinnedVersion(declaration.version)) {
    reasons.push(
      `unpinned-version: "${declaration.version}" is not an exact version (a range, tag or wildcard can change under a plan)`,
    );
  }
  // Tools are known from a successful start, or from the declaration of an API (no handshake);
  // an interface that is missing, failed or was not contacted has its own reason.
  const toolsKnown = setup.status === 'ok' || declaration.interface.type === 'api';
  if (toolsKnown && tools.length === 0) {
    const narrowed =
      declaration.allowedTools.length > 0 ? ` among allowedTools (${declaration.allowedTools.join(', ')})` : '';
    reasons.push(`no-tools: the provider offers no tools${narrowed}; an agent could call nothing`);
  }
  if (declaration.interface.type !== 'none' && observability === 'unobservable') {
    reasons.push(
      'unobservable: calls to this provider cannot be observed, so contamination and usage cannot be checked (declare observableCalls for an API adapter that logs them)',
    );
  }
  return reasons;
}

/**
 * Eligibility of a probed provider, from its identity alone (pure). Excluded when anything rules it
 * out; blocked when only an egress approval is missing; otherwise eligible in its mode's cohort.
 */
export function decideEligibility(identity: ProbeIdentity): ProbeEligibility {
  const excluded = exclusions(identity);
  const { egress, declaration } = identity;
  const missing = identity.credentials
    .filter((credential) => !credential.available)
    .map(
      (credential) => `credential-missing: ${credential.name} is not set; the provider cannot be reached without it`,
    );
  const blocked = [
    ...missing,
    ...(egress.needsApproval && !egress.approved
      ? [
          `egress-not-approved: ${declaration.mode} provider${egress.sendsSource ? ' sends task source' : ''}${
            egress.hosts.length > 0 ? ` reaching ${egress.hosts.join(', ')}` : ''
          }; an approval naming "${declaration.id}" is required before ${
            egress.sendsSource ? 'task source is sent' : 'anything is sent to it (it declares that no task source is)'
          }`,
        ]
      : []),
  ];
  if (excluded.length > 0) return { status: 'excluded', cohort: null, reasons: [...excluded, ...blocked] };
  if (blocked.length > 0) return { status: 'blocked', cohort: null, reasons: blocked };
  const tools = identity.tools.length;
  return {
    status: 'eligible',
    cohort: declaration.mode,
    reasons: [
      `eligible: ${declaration.mode} cohort; ${tools} tool${tools === 1 ? '' : 's'}; calls observable via ${identity.observability}`,
    ],
  };
}
