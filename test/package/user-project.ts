import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * The files a user writes into a project of their own after `npm install crossover`, following
 * corpus/README.md and README's "Bring your own agent": a 3-task library-only corpus, a command
 * agent with a bare MCP client, an MCP server on @modelcontextprotocol/sdk with one `search_code`
 * tool, an exploratory and a stage-1 experiment, and a vitest.config.ts. Nothing here comes from
 * Crossover's repository: the package is all the project gets.
 */

interface LibraryTask {
  id: string;
  category: string;
  title: string;
  prompt: string;
  file: string;
  /** the module's source around its one expression: start, reference, decoy */
  source: (expression: string) => string;
  start: string;
  reference: string;
  decoy: string;
  /** the exported name the checks import */
  name: string;
  required: [string, string][];
  regression: string;
}

const pages = (expression: string) =>
  `/** How many pages \`items\` fill at \`perPage\` a page. */\nexport function pageCount(items, perPage) {\n  return ${expression};\n}\n`;
const chunks = (expression: string) =>
  `/** How many chunks of \`size\` a list of \`length\` splits into. */\nexport function chunkCount(length, size) {\n  return ${expression};\n}\n`;
const clamp = (expression: string) =>
  `/** \`x\` held within [lo, hi]. */\nexport function clamp(x, lo, hi) {\n  return ${expression};\n}\n`;

/** Three small defects: the agent below fixes the two floor-for-ceil ones and not the clamp. */
const TASKS: LibraryTask[] = [
  {
    id: 'page-count',
    category: 'boundary-logic',
    title: 'Page count drops the last, partly filled page',
    prompt: 'The pager says `pageCount(11, 5)` is 2: the last page cannot be reached. I expected 3.\n',
    file: 'src/pages.js',
    source: pages,
    start: 'Math.floor(items / perPage)',
    reference: 'Math.ceil(items / perPage)',
    decoy: 'Math.round(items / perPage)',
    name: 'pageCount',
    required: [
      ['partial-last-page', 'assert.equal(pageCount(11, 5), 3);'],
      ['one-item', 'assert.equal(pageCount(1, 10), 1);'],
    ],
    regression: 'assert.equal(pageCount(10, 5), 2);',
  },
  {
    id: 'chunk-count',
    category: 'boundary-logic',
    title: 'Chunk count loses the short last chunk',
    prompt: '`chunkCount(7, 3)` says 2, but splitting 7 items by 3 makes 3 chunks.\n',
    file: 'src/chunks.js',
    source: chunks,
    start: 'Math.floor(length / size)',
    reference: 'Math.ceil(length / size)',
    decoy: 'Math.floor(length / size) + 1',
    name: 'chunkCount',
    required: [
      ['short-last-chunk', 'assert.equal(chunkCount(7, 3), 3);'],
      ['whole-chunks', 'assert.equal(chunkCount(1, 4), 1);\n  assert.equal(chunkCount(6, 3), 2);'],
    ],
    regression: 'assert.equal(chunkCount(0, 3), 0);',
  },
  {
    id: 'clamp-range',
    category: 'arithmetic',
    title: 'clamp returns the bound instead of the value',
    prompt: '`clamp(5, 0, 10)` returns 0; a value inside the range should come back unchanged.\n',
    file: 'src/clamp.js',
    source: clamp,
    start: 'Math.min(lo, Math.max(x, hi))',
    reference: 'Math.min(hi, Math.max(x, lo))',
    decoy: 'Math.min(hi - 1, Math.max(x, lo))',
    name: 'clamp',
    required: [
      ['inside', 'assert.equal(clamp(5, 0, 10), 5);'],
      ['above', 'assert.equal(clamp(20, 0, 10), 10);'],
    ],
    regression: 'assert.equal(clamp(-5, 0, 10), 0);',
  },
];

function check(task: LibraryTask, body: string): string {
  return `import assert from 'node:assert/strict';\nimport { join } from 'node:path';\nimport { pathToFileURL } from 'node:url';\n\nexport default async function ({ workspace }) {\n  const { ${task.name} } = await import(pathToFileURL(join(workspace, '${task.file}')).href);\n  ${body}\n}\n`;
}

function taskFiles(task: LibraryTask): Record<string, string> {
  const base = `corpus/tasks/${task.id}`;
  const declaration = {
    schema: 'crossover.task/1',
    id: task.id,
    title: task.title,
    category: task.category,
    surface: 'library',
    timeoutSec: 60,
    checks: {
      required: task.required.map(([id]) => ({ id, file: `${id}.mjs`, runner: 'node' })),
      regressions: [{ id: 'still-right', file: 'still-right.mjs', runner: 'node' }],
    },
    relevantFiles: [task.file],
  };
  const files: Record<string, string> = {
    [`${base}/task.json`]: `${JSON.stringify(declaration, null, 2)}\n`,
    [`${base}/prompt.md`]: task.prompt,
    [`${base}/workspace/package.json`]: `${JSON.stringify({ name: task.id, private: true, type: 'module' })}\n`,
    [`${base}/workspace/${task.file}`]: task.source(task.start),
    [`${base}/reference/${task.file}`]: task.source(task.reference),
    [`${base}/decoys/near-miss/${task.file}`]: task.source(task.decoy),
    [`${base}/checks/still-right.mjs`]: check(task, task.regression),
  };
  for (const [id, body] of task.required) files[`${base}/checks/${id}.mjs`] = check(task, body);
  return files;
}

const CORPUS = {
  schema: 'crossover.corpus/1',
  id: 'my-lib',
  version: '1.0.0',
  title: 'My library bugs',
  categories: [
    { id: 'boundary-logic', title: 'Boundary logic' },
    { id: 'arithmetic', title: 'Arithmetic' },
  ],
};

/** A command agent: asks its MCP servers about the prompt's first code span, then "fixes" floor-for-ceil. */
const AGENT = `#!/bin/sh
set -eu
here=$(dirname "$0")
prompt=$(cat)
query=$(printf '%s\\n' "$prompt" | grep -o '\`[A-Za-z]*' | head -n 1 | tr -d '\`')
if [ -f "$CROSSOVER_MCP_CONFIG" ]; then node "$here/ask.mjs" "$CROSSOVER_MCP_CONFIG" "\${query:-export}"; fi
for file in $(find src -name '*.js'); do sed -i 's/Math\\.floor(/Math.ceil(/g' "$file"; done
printf '{"schema": "crossover.agent-usage/1", "model": "fixer-1", "inputTokens": 120, "outputTokens": 8}\\n' > "$CROSSOVER_USAGE_FILE"
`;

/** A bare MCP client over stdio: no packages, as an agent of any language would speak it. */
const ASK = `import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [config, query] = process.argv.slice(2);
for (const server of Object.values(JSON.parse(readFileSync(config, 'utf8')).mcpServers)) {
  const child = spawn(server.command, server.args, { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...server.env } });
  const answers = new Map();
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    for (let at = buffered.indexOf('\\n'); at !== -1; at = buffered.indexOf('\\n')) {
      const message = JSON.parse(buffered.slice(0, at));
      buffered = buffered.slice(at + 1);
      answers.get(message.id)?.(message);
    }
  });
  let id = 0;
  const request = (method, params) =>
    new Promise((resolve) => {
      id += 1;
      answers.set(id, resolve);
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\\n');
    });
  await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fixer', version: '1' } });
  child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\\n');
  const answer = await request('tools/call', { name: 'search_code', arguments: { query } });
  process.stdout.write(JSON.stringify(answer.result).slice(0, 200) + '\\n');
  child.stdin.end();
}
`;

/** The user's MCP server: one tool, a case-insensitive line search over the workspace's src/. */
const SERVER = `import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'my-search', version: '1.0.0' });
server.registerTool(
  'search_code',
  { description: 'Lines of src/ that contain the query', inputSchema: { query: z.string() } },
  async ({ query }) => {
    const hits = [];
    for (const name of readdirSync('src')) {
      const lines = readFileSync(join('src', name), 'utf8').split('\\n');
      lines.forEach((line, at) => line.toLowerCase().includes(query.toLowerCase()) && hits.push(\`src/\${name}:\${at + 1}: \${line.trim()}\`));
    }
    return { content: [{ type: 'text', text: hits.join('\\n') || \`no matches for \${query}\` }] };
  },
);
await server.connect(new StdioServerTransport());
`;

const experiment = (id: string, stage: string) => `import { defineExperiment } from 'crossover';

export default defineExperiment({
  id: '${id}',
  title: 'Does my search server change what my agent does?',
  stage: ${stage},
  corpus: '../corpus',
  agent: { adapter: 'command', command: './agents/fixer/agent.sh', version: '1', files: ['agents/fixer'] },
  providers: [
    {
      id: 'my-search',
      kind: 'search',
      mode: 'local',
      version: '1.0.0',
      interface: { type: 'mcp-stdio', command: 'node', args: ['../providers/search/server.mjs'] },
    },
  ],
  arms: [
    { id: 'baseline', role: 'baseline' },
    { id: 'search', role: 'treatment', provider: 'my-search', allowedTools: ['search_code'] },
  ],
  repeats: ${stage === '1' ? 2 : 1},
  promptTemplate: 'prompt.md',
  sandbox: 'bubblewrap',
});
`;

const VITEST_CONFIG = `import { crossover } from 'crossover';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [{ plugins: [crossover({ experiment: 'experiments/stage1.ts' })], test: { name: 'stage1' } }],
    reporters: ['default', 'crossover/reporter'],
  },
});
`;

/** Every file of the user's project (package.json and node_modules come from `npm install`). */
export function userFiles(): Record<string, string> {
  return {
    'corpus/corpus.json': `${JSON.stringify(CORPUS, null, 2)}\n`,
    ...Object.assign({}, ...TASKS.map(taskFiles)),
    'agents/fixer/agent.sh': AGENT,
    'agents/fixer/ask.mjs': ASK,
    'providers/search/server.mjs': SERVER,
    'experiments/prompt.md':
      'You are working in a small JavaScript library, in your current directory.\n\n{{task.prompt}}\n',
    'experiments/explore.ts': experiment('explore', "'exploratory'"),
    'experiments/stage1.ts': experiment('stage1', '1'),
    'vitest.config.ts': VITEST_CONFIG,
  };
}

/** Writes the user's files into `root`; the agent's script executable. */
export async function writeUserProject(root: string): Promise<void> {
  for (const [path, text] of Object.entries(userFiles())) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  await chmod(join(root, 'agents/fixer/agent.sh'), 0o755);
}
