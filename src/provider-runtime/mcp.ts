import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { digestBytes, digestOf } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import { PROBE_TEXT_LIMIT, type ProbeInterface, type ProbeTool } from '../contracts/probe.js';
import { clip } from '../contracts/redaction.js';
import { saysNoResult } from './answer.js';

type McpHandshake = Extract<ProbeInterface, { type: 'mcp' }>;

export type McpTarget =
  | {
      type: 'stdio';
      command: string;
      args: string[];
      cwd: string;
      env: Record<string, string>;
      /** called with the server's pid once the session's work is done, before the server is ended */
      beforeClose?: (leader: number | undefined) => void;
    }
  | { type: 'http'; url: string; headers?: Record<string, string> };

/** One tool call made after the handshake, in the same session. */
export interface SampleCall {
  tool: string;
  args: Record<string, unknown>;
  /** how the provider's answer begins when it found nothing: such an answer is empty */
  noResult?: readonly string[];
}

/** What a sample call answered: size and timing, whether it was an error or empty, and its text. */
export interface SampleAnswer {
  bytes: number;
  ms: number;
  isError: boolean;
  empty: boolean;
  /** the answer's text parts joined (not recorded: it may hold task source) */
  text: string;
  /** why the call failed at the protocol level; null when it answered */
  failure: string | null;
}

/** A server listing more pages than this is not a bounded probe. */
const MAX_TOOL_PAGES = 50;

/** The stdio transport does not keep the negotiated version; the client hands it to every transport. */
function captureProtocolVersion(transport: Transport): () => string | null {
  let version: string | null = null;
  const original = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (negotiated: string) => {
    version = negotiated;
    original?.(negotiated);
  };
  return () => version;
}

async function listAllTools(client: Client, timeoutMs: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
  }
  throw new CrossoverError('infrastructure', `tools/list still had a next page after ${MAX_TOOL_PAGES} pages`);
}

function toolIdentity(tool: Tool): ProbeTool {
  return {
    name: clip(tool.name, PROBE_TEXT_LIMIT),
    inputSchemaDigest: digestOf(tool.inputSchema),
    descriptionDigest: tool.description === undefined ? null : digestBytes(tool.description),
  };
}

interface OpenTransport {
  transport: Transport;
  stderr: () => string;
  leader: () => number | undefined;
}

async function createTransport(target: McpTarget): Promise<OpenTransport> {
  if (target.type === 'http') {
    const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
    const requestInit = target.headers ? { headers: target.headers } : undefined;
    return {
      transport: new StreamableHTTPClientTransport(new URL(target.url), requestInit ? { requestInit } : undefined),
      stderr: () => '',
      leader: () => undefined,
    };
  }
  const { ServerProcessTransport } = await import('./mcp-process.js');
  const transport = new ServerProcessTransport(target);
  return { transport, stderr: () => transport.stderr(), leader: () => transport.leader() };
}

/**
 * An answer is empty when no content part carries anything (no text, no data, no resource), or when
 * its text is the provider's own way of saying it found nothing.
 */
function answerText(result: Record<string, unknown>, noResult?: readonly string[]): { text: string; empty: boolean } {
  const parts = Array.isArray(result.content) ? (result.content as { type?: string; text?: unknown }[]) : [];
  const text = parts.map((part) => (typeof part.text === 'string' ? part.text : '')).join('\n');
  const nonText = parts.some((part) => part.type !== 'text');
  return { text, empty: (text.trim() === '' && !nonText) || saysNoResult(text, noResult) };
}

async function callSample(client: Client, sample: SampleCall, timeoutMs: number): Promise<SampleAnswer> {
  const started = performance.now();
  try {
    const result = await client.callTool({ name: sample.tool, arguments: sample.args }, undefined, {
      timeout: timeoutMs,
    });
    const ms = Math.round(performance.now() - started);
    const { text, empty } = answerText(result, sample.noResult);
    const bytes = Buffer.byteLength(JSON.stringify(result.content ?? []));
    return { bytes, ms, isError: result.isError === true, empty, text, failure: null };
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    const failure = clip(error instanceof Error ? error.message : String(error), PROBE_TEXT_LIMIT);
    return { bytes: 0, ms, isError: true, empty: true, text: '', failure };
  }
}

/**
 * A real MCP handshake: initialize, then every page of tools/list, then the sample call if one is
 * asked for. Throws a CrossoverError ('infrastructure') naming what failed, with the server's stderr
 * tail; the server is always closed.
 */
export async function handshakeMcp(
  target: McpTarget,
  timeoutMs: number,
  sample?: SampleCall,
): Promise<McpHandshake & { sample: SampleAnswer | null }> {
  // The SDK loads on the first handshake, not with every module that reaches the probe (the package entry does).
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { transport, stderr, leader } = await createTransport(target);
  const protocolVersion = captureProtocolVersion(transport);
  const client = new Client({ name: 'crossover-probe', version: '1' }, { capabilities: {} });
  try {
    await client.connect(transport, { timeout: timeoutMs });
    const capabilities = client.getServerCapabilities() ?? {};
    // A server without the tools capability offers none; asking would be a protocol error.
    const tools = capabilities.tools ? await listAllTools(client, timeoutMs) : [];
    const info = client.getServerVersion();
    const instructions = client.getInstructions();
    const answer = sample === undefined ? null : await callSample(client, sample, timeoutMs);
    return {
      sample: answer,
      type: 'mcp',
      transport: target.type,
      protocolVersion: protocolVersion(),
      serverInfo: {
        name: clip(info?.name ?? '', PROBE_TEXT_LIMIT),
        version: clip(info?.version ?? '', PROBE_TEXT_LIMIT),
      },
      capabilities: Object.keys(capabilities).sort(),
      capabilitiesDigest: digestOf(capabilities),
      instructionsDigest: instructions === undefined ? null : digestBytes(instructions),
      tools: tools.map(toolIdentity).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const tail = stderr();
    throw new CrossoverError('infrastructure', `MCP handshake failed: ${message}${tail ? `; stderr: ${tail}` : ''}`, {
      cause: error,
    });
  } finally {
    if (target.type === 'stdio') target.beforeClose?.(leader());
    await client.close().catch(() => undefined);
  }
}
