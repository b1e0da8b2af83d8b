import { z } from 'zod';
import { EnvNameSchema, HostSchema, IdSchema, RelativePathSchema } from './common.js';

const SUBSTITUTED =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholders a declaration writes, named in its docs
  '"${CROSSOVER_INDEX_DIR}", "${CROSSOVER_WORKSPACE}" and "${CROSSOVER_SETUP_DIR}" (the one-time setup\'s directory) are substituted';
// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a declaration writes, named in its docs
const SETUP_DIR = '"${CROSSOVER_SETUP_DIR}"';
// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a declaration writes, named in its docs
const CREDENTIAL_PLACEHOLDER = '"${NAME}"';

export const ProviderKindSchema = z
  .enum(['graph', 'search', 'wiki-rag', 'hybrid', 'other', 'infrastructure'])
  .describe('What sort of context the provider gives.');

export const ProviderModeSchema = z
  .enum(['local', 'hosted', 'enterprise'])
  .describe('local: runs on this machine; hosted: a third-party service; enterprise: a service the organisation runs.');

const McpStdioSchema = z
  .object({
    type: z.literal('mcp-stdio').describe('An MCP server the agent starts over stdio.'),
    command: z.string().min(1).describe('Program that starts the MCP server.'),
    args: z
      .array(z.string())
      .default([])
      .describe(
        `Arguments; one starting with "./" or "../" is a path relative to the file that declares the provider; ${SUBSTITUTED}.`,
      ),
    versionArgs: z
      .array(z.string())
      .optional()
      .describe(
        'Arguments that make the command print its version; the output must name the declared version, or the provider is ineligible.',
      ),
  })
  .strict();
const McpHttpSchema = z
  .object({
    type: z.literal('mcp-http').describe('An MCP server reached over streamable HTTP.'),
    url: z.string().url().describe('The Streamable HTTP endpoint.'),
    headers: z
      .record(z.string().regex(/^[A-Za-z0-9-]+$/, 'expected an HTTP header name'), z.string())
      .default({})
      .describe(
        `Request headers, to the probe and to the agent; ${CREDENTIAL_PLACEHOLDER} inside a value is the named credential (declared in credentials), never written out.`,
      ),
  })
  .strict();
const CliSchema = z
  .object({
    type: z.literal('cli').describe('A command-line tool the agent runs.'),
    command: z.string().min(1).describe('Program the agent runs.'),
    versionArgs: z.array(z.string()).default(['--version']).describe('Arguments that make it print its version.'),
    helpArgs: z.array(z.string()).default(['--help']).describe('Arguments that make it print its usage.'),
  })
  .strict();
const ApiSchema = z
  .object({
    type: z.literal('api').describe('An HTTP API the agent calls.'),
    baseUrl: z.string().url().describe('Base URL of the API.'),
    observableCalls: z
      .boolean()
      .default(false)
      .describe("The arm's adapter logs every call it makes to this API; without it, tool calls are unobservable."),
  })
  .strict();
const HumanOnlySchema = z
  .object({
    type: z.literal('none').describe('No interface an agent can use.'),
    description: z.string().min(1).describe('What the provider is, for people reading the plan.'),
  })
  .strict()
  .describe('No agent-readable interface (a wiki only people read).');

export const ProviderInterfaceSchema = z.discriminatedUnion('type', [
  McpStdioSchema,
  McpHttpSchema,
  CliSchema,
  ApiSchema,
  HumanOnlySchema,
]);

export const PricingSchema = z
  .object({
    currency: z.literal('USD').describe('Currency of the prices.'),
    inputPerMillionTokens: z.number().nonnegative().describe('Price of one million input tokens.'),
    outputPerMillionTokens: z.number().nonnegative().describe('Price of one million output tokens.'),
  })
  .strict()
  .describe('Declared list price; absent means unknown.');

export const ProviderInstallSchema = z
  .object({
    registry: z.enum(['npm', 'pypi']).describe('npm: an npm prefix; pypi: a Python virtual environment.'),
    package: z.string().min(1).describe('The package name in its registry.'),
    version: z.string().min(1).describe('Exact version.'),
    scripts: z
      .boolean()
      .optional()
      .describe(
        'npm: the package needs its install scripts (a native build): they run in bubblewrap, only the install writable; absent or false: no package script runs.',
      ),
  })
  .strict();

export const ProviderSetupSchema = z
  .object({
    command: z
      .string()
      .min(1)
      .describe('The setup command: a path, an installed binary by name, or a PATH name, as for index.command.'),
    args: z
      .array(z.string())
      .default([])
      .describe(
        `Arguments; one starting with "./" or "../" is a path relative to the file that declares the provider; ${SETUP_DIR} is substituted (no index or workspace exists yet).`,
      ),
    timeoutSec: z
      .number()
      .int()
      .positive()
      .default(600)
      .describe('Longest the setup may run; past it the provider is ineligible.'),
  })
  .strict()
  .describe(
    `A step run once per machine for this install and declaration (a model download, a config file), not per task: it may write only ${SETUP_DIR} (its working directory, the cache entry's own, so an absolute path of it the setup records stays valid), which the index command, the server and trials then read read-only.`,
  );

const SqlIdentifierSchema = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected an SQL identifier (letters, digits and "_", not starting with a digit)');

export const IndexFreshnessSchema = z
  .object({
    database: RelativePathSchema.describe(
      'The SQLite database that holds the per-file hashes, relative to the indexed root and inside one of index.inTree (".codegraph/codegraph.db").',
    ),
    table: SqlIdentifierSchema.describe('The table with one row per indexed file.'),
    pathColumn: SqlIdentifierSchema.describe("The column holding a file's posix path relative to the indexed root."),
    hashColumn: SqlIdentifierSchema.describe("The column holding the hash of the file's content."),
    algorithm: z
      .enum(['sha256'])
      .describe("How hashColumn hashes a file: sha256, the hex sha256 of its bytes (the tree digest's own entries)."),
    sources: z
      .object({
        suffixes: z
          .array(z.string().min(1))
          .min(1)
          .describe(
            'File name endings (".js") of the files the provider indexes: each such tree file must have a row.',
          ),
        skipDirectories: z
          .array(z.string().regex(/^[^/]+$/, 'expected a directory name, not a path'))
          .default([])
          .describe('Directory names the provider never descends into (node_modules), wherever they are.'),
        skipDotDirectories: z
          .boolean()
          .default(false)
          .describe('The provider never descends into a directory whose name starts with ".".'),
      })
      .strict()
      .describe('Which files of the tree the provider indexes, so a file missing from the index is seen.'),
  })
  .strict()
  .describe(
    "Where the index keeps its per-file content hashes: every row must match the task's tree and every source file must have one, or the index is stale.",
  );

/** Whether `path` is `root` or below it. */
function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

export const ProviderSchema = z
  .object({
    id: IdSchema.describe('Provider id that arms name.'),
    kind: ProviderKindSchema,
    interface: ProviderInterfaceSchema.describe('How an agent reaches the provider.'),
    mode: ProviderModeSchema,
    version: z.string().min(1).describe('Exact version; a range or "latest" makes the provider ineligible.'),
    config: z.record(z.string(), z.json()).default({}).describe('Provider settings, bound into the plan as given.'),
    index: z
      .object({
        command: z.string().min(1).describe('The index command: a path, an installed binary by name, or a PATH name.'),
        args: z
          .array(z.string())
          .default([])
          .describe(
            `Arguments; one starting with "./" or "../" is a path relative to the file that declares the provider; ${SUBSTITUTED}.`,
          ),
        inTree: z
          .array(RelativePathSchema)
          .default([])
          .describe(
            'Paths the index command writes inside the tree it indexes (".codegraph"): kept as the index, copied into each trial workspace, left out of tampering, contamination, diffs and modified-file counts.',
          ),
        freshness: IndexFreshnessSchema.optional().describe(
          'A freshness check of the built or reused index against the task snapshot; absent: only its recorded revision is checked.',
        ),
      })
      .strict()
      .superRefine((index, ctx) => {
        const database = index.freshness?.database;
        if (database !== undefined && !index.inTree.some((root) => isUnder(database, root)))
          ctx.addIssue({
            code: 'custom',
            path: ['freshness', 'database'],
            message: `expected a path inside one of index.inTree (${index.inTree.join(', ') || 'none declared'})`,
          });
      })
      .optional()
      .describe(
        "Builds the provider's index for one task snapshot; run with the snapshot directory as its working directory.",
      ),
    setup: ProviderSetupSchema.optional(),
    allowedTools: z
      .array(z.string().min(1))
      .default([])
      .describe('Tools of this provider an arm may call; empty means all it lists.'),
    egress: z
      .object({
        hosts: z.array(HostSchema).default([]).describe('Hosts the provider contacts.'),
        sendsSource: z.boolean().default(false).describe('Whether repository source leaves the machine.'),
      })
      .strict()
      .default({ hosts: [], sendsSource: false })
      .describe('Network the provider needs, declared up front and shown at approval.'),
    pricing: PricingSchema.optional().describe('List price of calls to the provider; absent means unknown.'),
    credentials: z
      .array(EnvNameSchema)
      .default([])
      .describe('Environment variables the provider needs by name (tokens); their values never enter an artifact.'),
    env: z
      .record(EnvNameSchema, z.string())
      .default({})
      .describe(`Literal environment of the provider's processes (part of its identity); ${SUBSTITUTED}.`),
    noResult: z
      .array(z.string().min(1).max(200))
      .min(1)
      .optional()
      .describe(
        'How an answer of the provider begins when it found nothing (CodeGraph: "No relevant code found"): such an answer counts as empty, never as an answer.',
      ),
    requires: z
      .array(z.string().regex(/^[A-Za-z0-9._+-]+$/, 'expected a program name (rg), not a path or a command line'))
      .min(1)
      .optional()
      .describe(
        "Programs the provider runs by name (mcp-ripgrep runs rg): each must be found on PATH in a directory the provider's sandbox shows (/usr), or planning blocks naming it.",
      ),
    install: ProviderInstallSchema.optional().describe(
      'The pinned package this provider runs from (`crossover providers install`); a command that is a bare name is its binary.',
    ),
    probe: z
      .object({
        sample: z
          .object({
            tool: z.string().min(1).describe('A tool the provider offers.'),
            args: z.record(z.string(), z.json()).default({}).describe('Its arguments.'),
            expect: z
              .array(z.string().min(1))
              .default([])
              .describe("Strings the answer's text must contain (a symbol of the sample task, say)."),
          })
          .strict()
          .optional()
          .describe(
            "A call the probe makes on the sample task's index: its answer must be non-empty and not an error.",
          ),
      })
      .strict()
      .default({})
      .describe('What the probe checks beyond the handshake.'),
  })
  .strict()
  .describe('A context provider an arm may give its agent.');

export type Provider = z.infer<typeof ProviderSchema>;
export type ProviderInput = z.input<typeof ProviderSchema>;
export type Pricing = z.infer<typeof PricingSchema>;
export type ProviderInstall = z.infer<typeof ProviderInstallSchema>;
export type ProviderSetup = z.infer<typeof ProviderSetupSchema>;
export type IndexFreshness = z.infer<typeof IndexFreshnessSchema>;
