import type { AgentRunContext, McpServerSpec, ToolCall } from './adapter.js';

/** A synthetic agent looks something up, it does not explore: one or two calls per server. */
const CALLS_PER_SERVER = 2;

type JsonSchemaObject = { properties?: Record<string, { type?: unknown }>; required?: string[] };

/** A search word taken from the prompt: its first word of five or more letters. */
export function queryWord(prompt: string): string {
  return prompt.match(/[A-Za-z_][A-Za-z0-9_]{4,}/)?.[0] ?? 'main';
}

/** Arguments for a tool: every required field filled from its declared type. */
function argumentsFor(schema: JsonSchemaObject, word: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const type = schema.properties?.[name]?.type;
    args[name] = type === 'number' || type === 'integer' ? 1 : type === 'boolean' ? false : word;
  }
  return args;
}

async function queryServer(server: McpServerSpec, context: AgentRunContext): Promise<ToolCall[]> {
  // Loaded on use: every trial's harness imports this module, few trials query a server.
  const [{ Client }, { StdioClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
  ]);
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args,
    env: { PATH: context.env.PATH ?? '/usr/bin:/bin', ...server.env, HOME: context.home, TMPDIR: context.tmp },
    cwd: context.workspace,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'crossover-synthetic-agent', version: '1.0.0' });
  const options = { signal: context.signal };
  await client.connect(transport, options);
  try {
    const { tools } = await client.listTools(undefined, options);
    const wanted =
      context.contextTools.length > 0 ? tools.filter((tool) => context.contextTools.includes(tool.name)) : tools;
    const calls: ToolCall[] = [];
    for (const tool of wanted.slice(0, CALLS_PER_SERVER)) {
      await client.callTool(
        { name: tool.name, arguments: argumentsFor(tool.inputSchema as JsonSchemaObject, queryWord(context.prompt)) },
        undefined,
        options,
      );
      calls.push({ name: tool.name, context: true });
    }
    return calls;
  } finally {
    await client.close();
  }
}

/**
 * Queries each of the arm's MCP servers through a real MCP client (stdio, the server started in
 * the workspace) and returns the calls made, so a synthetic treatment has observable context-tool
 * calls. The server runs outside the sandbox, like the synthetic agent itself: a self-test only.
 */
export async function queryMcpServers(context: AgentRunContext): Promise<ToolCall[]> {
  const calls: ToolCall[] = [];
  for (const server of context.mcpServers) calls.push(...(await queryServer(server, context)));
  return calls;
}
