import { CrossoverError, parseWith } from '../contracts/errors.js';
import { type Provider, type ProviderInput, ProviderSchema } from '../contracts/provider.js';

export interface Recipe {
  /** what the recipe is and how far it was checked */
  summary: string;
  /** false: written from the provider's documentation, never probed on a machine like this one */
  probed: boolean;
  declaration: ProviderInput;
}

/**
 * File suffixes CodeGraph 1.6.1 gave a row, of the 30 tried on this machine (a file each). It also
 * indexed a .yaml file; left out, since which YAML it indexes is not known.
 */
const CODEGRAPH_SUFFIXES =
  '.c .cjs .cpp .cs .cts .go .h .java .js .jsx .kt .mjs .mts .php .py .rb .rs .scala .svelte .swift .ts .tsx .vue'.split(
    ' ',
  );
/** File suffixes optave codegraph 3.11.2 gave a row, of the same 30. */
const OPTAVE_SUFFIXES =
  '.c .cjs .cpp .cs .go .h .java .js .jsx .kt .mjs .php .py .rb .rs .scala .sh .swift .ts .tsx'.split(' ');

/**
 * Declarations of real providers as their own documentation runs them, kept as data and validated
 * like any declaration (test/providers/recipes.test.ts). `crossover providers add <name>` prints one.
 */
export const RECIPES: Readonly<Record<string, Recipe>> = {
  codegraph: {
    summary:
      'CodeGraph (@colbymchenry/codegraph): a local code graph; `codegraph init` writes .codegraph/ inside the tree, `codegraph serve --mcp` serves codegraph_explore',
    probed: true,
    declaration: {
      id: 'codegraph',
      kind: 'graph',
      mode: 'local',
      version: '1.6.1',
      install: { registry: 'npm', package: '@colbymchenry/codegraph', version: '1.6.1' },
      interface: { type: 'mcp-stdio', command: 'codegraph', args: ['serve', '--mcp'], versionArgs: ['--version'] },
      index: {
        command: 'codegraph',
        args: ['init', '-y', '.'],
        inTree: ['.codegraph'],
        // Measured on 1.6.1: which suffixes get a row and which directories it never enters.
        freshness: {
          database: '.codegraph/codegraph.db',
          table: 'files',
          pathColumn: 'path',
          hashColumn: 'content_hash',
          algorithm: 'sha256',
          sources: {
            suffixes: CODEGRAPH_SUFFIXES,
            skipDirectories: [
              '.git',
              '__pycache__',
              'build',
              'coverage',
              'dist',
              'node_modules',
              'out',
              'target',
              'vendor',
            ],
          },
        },
      },
      // No detached daemon outliving the trial, no telemetry, no runtime download.
      env: { CODEGRAPH_NO_DAEMON: '1', CODEGRAPH_TELEMETRY: '0', DO_NOT_TRACK: '1', CODEGRAPH_NO_DOWNLOAD: '1' },
      allowedTools: ['codegraph_explore'],
      // codegraph_explore's answer when its graph holds nothing for the query (1.6.1's dist/mcp/tools.js)
      noResult: ['No relevant code found', 'No results found for'],
      probe: { sample: { tool: 'codegraph_explore', args: { query: 'main entry point exports' } } },
    },
  },
  'optave-codegraph': {
    summary:
      'optave codegraph (@optave/codegraph): `codegraph build .` writes .codegraph/graph.db inside the tree, `codegraph mcp` serves 34 tools (its install builds better-sqlite3: minutes)',
    probed: true,
    declaration: {
      id: 'optave-codegraph',
      kind: 'graph',
      mode: 'local',
      version: '3.11.2',
      // better-sqlite3 compiles its native module in its install script (node-gyp).
      install: { registry: 'npm', package: '@optave/codegraph', version: '3.11.2', scripts: true },
      interface: { type: 'mcp-stdio', command: 'codegraph', args: ['mcp'], versionArgs: ['--version'] },
      index: {
        command: 'codegraph',
        args: ['build', '.'],
        inTree: ['.codegraph'],
        // Measured on 3.11.2, as for CodeGraph: it indexes fewer suffixes and skips every dot-directory.
        freshness: {
          database: '.codegraph/graph.db',
          table: 'file_hashes',
          pathColumn: 'file',
          hashColumn: 'hash',
          algorithm: 'sha256',
          sources: {
            suffixes: OPTAVE_SUFFIXES,
            skipDirectories: ['__pycache__', 'build', 'coverage', 'dist', 'node_modules', 'vendor'],
            skipDotDirectories: true,
          },
        },
      },
      env: { NO_UPDATE_CHECK: '1', DO_NOT_TRACK: '1' },
      allowedTools: ['where', 'query', 'context', 'file_deps', 'fn_impact'],
      probe: { sample: { tool: 'where', args: { target: 'index' } } },
    },
  },
  deepwiki: {
    summary:
      'DeepWiki (mcp-deepwiki): a hosted wiki of public GitHub repositories; never reads the workspace, needs deepwiki.com (blocked until an approval names it)',
    probed: true,
    declaration: {
      id: 'deepwiki',
      kind: 'wiki-rag',
      mode: 'hosted',
      version: '0.0.10',
      install: { registry: 'npm', package: 'mcp-deepwiki', version: '0.0.10' },
      interface: { type: 'mcp-stdio', command: 'mcp-instruct', args: ['--stdio'] },
      egress: { hosts: ['deepwiki.com'], sendsSource: false },
      allowedTools: ['deepwiki_fetch'],
      // With no network its fetch answers {"content": []} without an error: the sample call catches it.
      probe: { sample: { tool: 'deepwiki_fetch', args: { url: 'vercel/ai', maxDepth: 0, mode: 'aggregate' } } },
    },
  },
  sourcegraph: {
    summary:
      "Sourcegraph's MCP server over Streamable HTTP at <instance>/.api/mcp/v1 with a token header (blocked without SRC_ACCESS_TOKEN and an approval)",
    probed: false,
    declaration: {
      id: 'sourcegraph',
      kind: 'search',
      mode: 'enterprise',
      version: '6.0.0',
      interface: {
        type: 'mcp-http',
        url: 'https://sourcegraph.example.com/.api/mcp/v1',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the credential placeholder a declaration writes
        headers: { Authorization: 'token ${SRC_ACCESS_TOKEN}' },
      },
      credentials: ['SRC_ACCESS_TOKEN'],
      egress: { hosts: [], sendsSource: true },
    },
  },
  serena: {
    summary:
      'Serena (PyPI serena-agent): NOT PROBED on this machine (PyPI unreachable); from its documentation. Offers editing and shell tools: allowedTools keeps it read-only',
    probed: false,
    declaration: {
      id: 'serena',
      kind: 'hybrid',
      mode: 'local',
      version: '2.1.0',
      install: { registry: 'pypi', package: 'serena-agent', version: '2.1.0' },
      interface: {
        type: 'mcp-stdio',
        command: 'serena',
        args: ['start-mcp-server', '--project', '.', '--context', 'ide', '--open-web-dashboard', 'false'],
      },
      index: { command: 'serena', args: ['project', 'index'], inTree: ['.serena'] },
      env: { SERENA_USAGE_REPORTING: 'false' },
      allowedTools: ['find_symbol', 'find_referencing_symbols', 'get_symbols_overview', 'search_for_pattern'],
    },
  },
  repowise: {
    summary:
      'Repowise (PyPI repowise): NOT PROBED on this machine (PyPI unreachable); from its documentation. Its freshness is a git SHA, so it needs a git repository',
    probed: false,
    declaration: {
      id: 'repowise',
      kind: 'graph',
      mode: 'local',
      version: '0.59.0',
      install: { registry: 'pypi', package: 'repowise', version: '0.59.0' },
      interface: { type: 'mcp-stdio', command: 'repowise', args: ['mcp', '.', '--transport', 'stdio'] },
      index: { command: 'repowise', args: ['init', '--no-prose', '-y', '--no-claude-md'], inTree: ['.repowise'] },
      env: { REPOWISE_TELEMETRY_DISABLED: '1', REPOWISE_SKIP_EDITOR_SETUP: '1' },
      allowedTools: ['get_context', 'get_symbol', 'search_codebase'],
    },
  },
  graphify: {
    summary:
      'Graphify (PyPI graphifyy[mcp]): NOT PROBED on this machine (PyPI unreachable); from its documentation. GRAPHIFY_OUT moves its output into the index directory',
    probed: false,
    declaration: {
      id: 'graphify',
      kind: 'graph',
      mode: 'local',
      version: '0.9.96',
      install: { registry: 'pypi', package: 'graphifyy', version: '0.9.96' },
      interface: {
        type: 'mcp-stdio',
        command: 'python',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a declaration writes
        args: ['-m', 'graphify.serve', '${CROSSOVER_INDEX_DIR}/graph.json'],
      },
      index: { command: 'graphify', args: ['update', '.'] },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder a declaration writes
      env: { GRAPHIFY_OUT: '${CROSSOVER_INDEX_DIR}' },
      allowedTools: ['query_graph', 'get_node', 'get_neighbors'],
    },
  },
  pggraph: {
    summary: 'pgGraph (PyPI pggraph): PostgreSQL table dependencies; a storage engine, infrastructure, never an arm',
    probed: false,
    declaration: {
      id: 'pggraph',
      kind: 'infrastructure',
      mode: 'local',
      version: '0.1.0',
      interface: { type: 'none', description: 'a Python library over PostgreSQL; no agent-readable interface' },
    },
  },
  hydradb: {
    summary: 'HydraDB (PyPI hydradb-cli): a hosted storage SDK; infrastructure, never an arm',
    probed: false,
    declaration: {
      id: 'hydradb',
      kind: 'infrastructure',
      mode: 'hosted',
      version: '0.1.0',
      interface: { type: 'none', description: 'a hosted database SDK; no agent-readable interface' },
    },
  },
};

/** A recipe's declaration, checked like any declaration; an unknown name lists the known ones. */
export function recipeDeclaration(name: string): Provider {
  const recipe = RECIPES[name];
  if (recipe === undefined) {
    throw new CrossoverError(
      'invalid-input',
      `no provider recipe "${name}"; known recipes: ${Object.keys(RECIPES).sort().join(', ')}`,
    );
  }
  return parseWith(ProviderSchema, recipe.declaration, `recipe ${name}: $`);
}
