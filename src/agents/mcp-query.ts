import { readdir } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { saysNoResult } from '../provider-runtime/answer.js';
import type { AgentRunContext, McpServerSpec, ToolCall } from './adapter.js';

/** A synthetic agent looks something up, it does not explore: one or two calls per server. */
const CALLS_PER_SERVER = 2;

type Property = { type?: unknown; enum?: unknown[]; default?: unknown; minimum?: number; items?: { type?: unknown } };
type JsonSchemaObject = { properties?: Record<string, Property>; required?: string[] };

/** What a synthetic agent asks a provider about, taken from the task itself. */
export interface QueryTerms {
  /** identifiers: the prompt's code spans first, then the names of the files the fix touches */
  words: string[];
  /** paths: the prompt's code spans that name a file, then the files the fix touches */
  paths: string[];
}

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]{3,}/g;
const FILE_PATH = /^\.{0,2}\/?[\w.-]+(\/[\w.-]+)*\.[A-Za-z0-9]+$/;

/** The inline `code spans` of a Markdown text, fenced blocks left out (they are data, not names). */
function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] as string);
}

/**
 * The query terms of a task: its prompt's code spans (an issue names the symbols and files it is
 * about in them) and the files its fix touches, never the template's own words around it.
 */
export function taskTerms(prompt: string, fixFiles: readonly string[]): QueryTerms {
  const spans = codeSpans(prompt);
  const words = [
    ...spans.flatMap((span) => span.match(IDENTIFIER) ?? []),
    ...fixFiles.map((file) => basename(file, extname(file))),
  ];
  const paths = [...spans.filter((span) => FILE_PATH.test(span)), ...fixFiles];
  return { words: [...new Set(words)], paths: [...new Set(paths)] };
}

/** One argument from its declared schema: a path argument gets a path, a text argument a word, others their default. */
function valueFor(name: string, property: Property, terms: QueryTerms, attempt: number): unknown {
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[0];
  const pick = (list: string[], fallback: string) => list[attempt % Math.max(1, list.length)] ?? fallback;
  switch (property.type) {
    case 'string':
      return /path|file|dir/i.test(name) ? pick(terms.paths, '.') : pick(terms.words, 'main');
    case 'integer':
    case 'number':
      return property.default ?? property.minimum ?? (/limit|max|count|top|results/i.test(name) ? 5 : 1);
    case 'boolean':
      return property.default ?? false;
    case 'array':
      return property.items?.type === 'string' ? [pick(terms.words, 'main')] : [];
    case 'object':
      return {};
    default:
      return pick(terms.words, 'main');
  }
}

/** Arguments for a tool: every required field, and a query-like one when none is required, filled by its schema. */
export function argumentsFor(schema: JsonSchemaObject, terms: QueryTerms, attempt = 0): Record<string, unknown> {
  const properties = schema.properties ?? {};
  const query = Object.keys(properties).find((name) => /query|search|pattern|symbol|term|^q$/i.test(name));
  const names = (schema.required ?? []).length > 0 ? (schema.required ?? []) : query ? [query] : [];
  return Object.fromEntries(names.map((name) => [name, valueFor(name, properties[name] ?? {}, terms, attempt)]));
}

/** The files the fix touches, as a synthetic self-test knows them: the reference overlay's, relative. */
async function fixFiles(referenceDir: string | null): Promise<string[]> {
  if (referenceDir === null) return [];
  const entries = await readdir(referenceDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(referenceDir.length + 1))
    .sort();
}

/** Whether an answer gave nothing: an error, no content, or the provider saying it found nothing. */
function foundNothing(result: Record<string, unknown>, noResult: readonly string[] | undefined) {
  const parts = Array.isArray(result.content) ? (result.content as { text?: unknown }[]) : [];
  const text = parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join('\n');
  return result.isError === true || parts.length === 0 || text.trim() === '' || saysNoResult(text, noResult);
}

async function queryServer(server: McpServerSpec, context: AgentRunContext, terms: QueryTerms): Promise<ToolCall[]> {
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
    // The first tool with the first term; a call that found nothing is asked again with the next term.
    for (let attempt = 0, index = 0; calls.length < CALLS_PER_SERVER && index < wanted.length; attempt += 1) {
      const tool = wanted[index]!;
      const args = argumentsFor(tool.inputSchema as JsonSchemaObject, terms, attempt);
      const result = await client.callTool({ name: tool.name, arguments: args }, undefined, options);
      calls.push({ name: tool.name, context: true });
      if (!foundNothing(result, context.arm.provider?.noResult)) index += 1;
    }
    return calls;
  } finally {
    await client.close();
  }
}

/**
 * Queries each of the arm's MCP servers through a real MCP client (stdio, the server started in
 * the workspace) about the task itself, and returns the calls made, so a synthetic treatment has
 * observable context-tool calls that say something of the provider. The server runs outside the
 * sandbox, like the synthetic agent itself: a self-test only.
 */
export async function queryMcpServers(context: AgentRunContext): Promise<ToolCall[]> {
  const terms = taskTerms(context.prompt, await fixFiles(context.referenceDir));
  const calls: ToolCall[] = [];
  for (const server of context.mcpServers) calls.push(...(await queryServer(server, context, terms)));
  return calls;
}
