import { z } from 'zod';
import { digestOf } from './canonical.js';
import { DigestSchema, EnvNameSchema, IdSchema } from './common.js';
import { ProviderSchema } from './provider.js';

/** Longest free text a probe records from a provider (error tails, server names, tool names). */
export const PROBE_TEXT_LIMIT = 500;

export const ProbeToolSchema = z
  .object({
    name: z.string().min(1).describe('Tool name as the provider lists it.'),
    inputSchemaDigest: DigestSchema.describe("Digest of the canonical JSON of the tool's input schema."),
    descriptionDigest: DigestSchema.nullable().describe(
      'Digest of the description the agent reads; null when there is none.',
    ),
  })
  .strict();

const McpHandshakeSchema = z
  .object({
    type: z.literal('mcp').describe('An MCP server answered the handshake.'),
    transport: z.enum(['stdio', 'http']).describe('How the server was reached.'),
    protocolVersion: z.string().nullable().describe('Protocol version negotiated in the handshake.'),
    serverInfo: z
      .object({
        name: z.string().describe('Server name it reports.'),
        version: z.string().describe('Server version it reports.'),
      })
      .strict()
      .describe('What the server says it is (bounded).'),
    capabilities: z.array(z.string()).describe('Names of the capabilities the server declared, sorted.'),
    capabilitiesDigest: DigestSchema.describe('Digest of the canonical JSON of the declared capabilities.'),
    instructionsDigest: DigestSchema.nullable().describe(
      "Digest of the server's instructions; null when it sent none.",
    ),
    tools: z.array(ProbeToolSchema).describe('Every tool the server lists (all pages), sorted by name.'),
  })
  .strict();

const CliHandshakeSchema = z
  .object({
    type: z.literal('cli').describe('A command-line tool answered its version and help arguments.'),
    versionLine: z.string().describe('First line of the version output (bounded).'),
    versionDigest: DigestSchema.describe('Digest of the whole version output.'),
    helpDigest: DigestSchema.describe('Digest of the whole help output.'),
  })
  .strict();

const ApiDeclaredSchema = z
  .object({ type: z.literal('api').describe('An HTTP API, as declared.') })
  .strict()
  .describe('An API provider has no generic handshake: its tools and observability are as declared.');

export const ProbeInterfaceSchema = z.discriminatedUnion('type', [
  McpHandshakeSchema,
  CliHandshakeSchema,
  ApiDeclaredSchema,
]);

export const ProbeStepSchema = z
  .object({
    status: z.enum(['ok', 'failed', 'skipped']).describe('skipped: not attempted, for the reason in detail.'),
    detail: z
      .string()
      .nullable()
      .describe('Why it failed or was skipped (bounded, no credential values, no absolute paths).'),
  })
  .strict();

export const ObservabilitySchema = z
  .enum(['mcp-protocol', 'command-log', 'declared', 'unobservable'])
  .describe(
    "How the agent's calls to the provider can be observed: through the MCP transcript, a command log, the adapter's declaration, or not at all.",
  );

export const EgressPostureSchema = z
  .object({
    posture: z.enum(['none', 'loopback', 'remote']).describe('Furthest network destination the provider reaches.'),
    hosts: z.array(z.string()).describe('Declared hosts and the host of an HTTP interface, sorted.'),
    sendsSource: z.boolean().describe('Whether repository source leaves the machine, as declared.'),
    needsApproval: z
      .boolean()
      .describe('Task source may leave the machine: sends source, reaches non-loopback hosts, or runs hosted.'),
    approved: z.boolean().describe('An approval named this provider for this probe.'),
  })
  .strict()
  .describe('Where task source may go when an arm uses this provider.');

const ProbeStepNameSchema = z
  .enum(['provider-setup', 'index', 'setup', 'version'])
  .describe(
    'The probe step whose provider process it was: the one-time setup, the index command, the server or CLI, the version command.',
  );

export const ProbeContainmentSchema = z
  .object({
    sandbox: z
      .enum(['bubblewrap', 'none'])
      .describe("bubblewrap: every provider process ran in the trial's sandbox; none: bare, as asked for."),
    network: z
      .enum(['none', 'shared'])
      .describe("none: a network namespace of its own; shared: the host's, for the declared and allowed egress."),
    survivors: ProbeStepSchema.describe(
      'ok: every provider process ended with its step; failed: one outlived it (a detached daemon), named in detail.',
    ),
    networkObserved: z
      .boolean()
      .describe('Network attempts were recorded (strace outside the sandbox); false when bare or strace is missing.'),
    networkAttempts: z
      .array(
        z
          .object({
            step: ProbeStepNameSchema,
            kind: z.enum(['dns', 'connect']).describe('dns: a name looked up; connect: an address connected to.'),
            destination: z.string().describe('The looked-up name, or address:port.'),
          })
          .strict(),
      )
      .describe(
        'Undeclared network attempts of provider processes (telemetry, update checks), each once, sorted: findings, stopped by the sandbox.',
      ),
  })
  .strict()
  .describe('How the probe contained the provider, as a trial does, and what it saw the provider try.');

export const ProbeIdentitySchema = z
  .object({
    declaration: ProviderSchema.describe('The provider as declared (defaults filled).'),
    providerSetup: ProbeStepSchema.extend({
      digest: DigestSchema.nullable().describe(
        "Digest of the setup record (the step's identity and the tree it produced); null when none ran.",
      ),
    })
      .strict()
      .describe('The declared one-time setup, run or reused; skipped when none is declared.'),
    setup: ProbeStepSchema.describe('Starting the provider and, for MCP, the handshake.'),
    interface: ProbeInterfaceSchema.nullable().describe('What the live probe saw; null when nothing was contacted.'),
    tools: z.array(z.string()).describe('Tools an arm may call: the offered ones, narrowed by allowedTools, sorted.'),
    index: ProbeStepSchema.extend({
      sampleTask: IdSchema.nullable().describe('Task whose snapshot the index command ran on.'),
      revision: DigestSchema.nullable().describe('Tree digest of the snapshot that was indexed.'),
      freshness: ProbeStepSchema.describe(
        "The declared freshness check of the built index against the snapshot: the provider's per-file hashes; skipped when none is declared or no index was built.",
      ),
    })
      .strict()
      .describe("The index command run against one task's own snapshot."),
    version: ProbeStepSchema.describe(
      "The declared version command's output checked against the declared version; skipped when none is declared.",
    ),
    sample: ProbeStepSchema.extend({
      tool: z.string().nullable().describe('The tool the declared sample call named; null when none is declared.'),
    })
      .strict()
      .describe("The declared sample call on the sample task's index: ok when it answered non-empty and not an error."),
    observability: ObservabilitySchema,
    egress: EgressPostureSchema,
    credentials: z
      .array(
        z
          .object({
            name: EnvNameSchema.describe('Environment variable name.'),
            available: z.boolean().describe('Whether the environment sets it.'),
          })
          .strict(),
      )
      .describe('Declared credentials by name and whether the environment has them; never values.'),
    limitations: z.array(z.string()).describe('Known limitations the probe noticed.'),
    containment: ProbeContainmentSchema,
  })
  .strict()
  .describe('The stable part of a probe: re-probing the same provider gives the same bytes.');

export const ProbeMeasurementsSchema = z
  .object({
    providerSetup: z
      .object({
        ms: z.number().nonnegative().describe('Time the setup command took, or finding its record when reused.'),
        built: z.boolean().describe('This probe ran the setup command; false when an earlier run was reused.'),
      })
      .strict()
      .nullable()
      .describe('The one-time setup; null when none ran.'),
    setupMs: z.number().nonnegative().nullable().describe('Time to start and handshake; null when skipped.'),
    index: z
      .object({
        ms: z.number().nonnegative().describe('Time the index command took.'),
        outputDigest: DigestSchema.nullable().describe(
          'Tree digest of what the index command wrote; null when it failed.',
        ),
        storageBytes: z
          .number()
          .int()
          .nonnegative()
          .describe('Bytes the index used, counted up to just past the limit.'),
        storageLimitBytes: z.number().int().positive().describe('Most bytes the index may use.'),
      })
      .strict()
      .nullable()
      .describe('null when the index command did not run.'),
    sample: z
      .object({
        bytes: z.number().int().nonnegative().describe("Bytes of the answer's content (its JSON)."),
        ms: z.number().nonnegative().describe('Latency of the call.'),
        isError: z.boolean().describe('The server answered with isError, or the call failed.'),
        empty: z.boolean().describe('No content part carried anything.'),
      })
      .strict()
      .nullable()
      .describe('The sample call; null when none was made.'),
  })
  .strict()
  .describe('Timings and sizes: recorded beside the identity, never inside its digest.');

export const ProbeEligibilitySchema = z
  .object({
    status: z
      .enum(['eligible', 'excluded', 'blocked'])
      .describe('eligible: may run; excluded: never runs; blocked: needs approval or setup first.'),
    cohort: z
      .enum(['local', 'hosted', 'enterprise'])
      .nullable()
      .describe('The cohort an eligible provider is compared in; null otherwise.'),
    reasons: z.array(z.string()).describe('"<code>: <explanation>" lines; codes are stable.'),
  })
  .strict()
  .describe('Whether the provider may be compared, and why not.');

export const ProbeRecordBodySchema = z
  .object({
    schema: z.literal('crossover.probe/1').describe('Format and version of this document.'),
    provider: IdSchema.describe('Id of the provider probed.'),
    digest: DigestSchema.describe(
      'Digest of identity: what a plan binds. Measurements are left out (timings differ on every probe), so a re-probe that only timed differently is no drift.',
    ),
    declarationDigest: DigestSchema.describe(
      'Digest of the declaration probed, its relative command paths placed in the project: a plan reads the record only for the same declaration, and asks for a new probe otherwise.',
    ),
    identity: ProbeIdentitySchema,
    measurements: ProbeMeasurementsSchema,
    eligibility: ProbeEligibilitySchema,
  })
  .strict();

export const ProbeRecordSchema = ProbeRecordBodySchema.extend({
  recordDigest: DigestSchema.describe(
    'Digest of the whole record without this field, measurements included: planning refuses a record with any byte changed.',
  ),
})
  .strict()
  .describe('.crossover/<experiment>/probes/<provider>.json');

/** Seals a probe record: its record digest covers every field, measurements included. */
export function sealProbeRecord(body: z.infer<typeof ProbeRecordBodySchema>): ProbeRecord {
  const checked = ProbeRecordBodySchema.parse(body);
  return { ...checked, recordDigest: digestOf(checked) };
}

/** Recomputes a probe record's record digest; false when any byte of it changed. */
export function probeRecordSealHolds(record: ProbeRecord): boolean {
  const { recordDigest, ...body } = record;
  return digestOf(body) === recordDigest;
}

export type ProbeRecord = z.infer<typeof ProbeRecordSchema>;
export type ProbeIdentity = z.infer<typeof ProbeIdentitySchema>;
export type ProbeMeasurements = z.infer<typeof ProbeMeasurementsSchema>;
export type ProbeInterface = z.infer<typeof ProbeInterfaceSchema>;
export type ProbeStep = z.infer<typeof ProbeStepSchema>;
export type ProbeTool = z.infer<typeof ProbeToolSchema>;
export type Observability = z.infer<typeof ObservabilitySchema>;
export type EgressPosture = z.infer<typeof EgressPostureSchema>;
export type ProbeContainment = z.infer<typeof ProbeContainmentSchema>;
export type ProbeEligibility = z.infer<typeof ProbeEligibilitySchema>;
