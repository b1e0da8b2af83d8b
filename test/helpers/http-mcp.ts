import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { onTestFinished } from 'vitest';
import { z } from 'zod';

export interface LoopbackHttpMcp {
  url: string;
  /** the Authorization header of every request, in order ('' when absent) */
  authorizations: string[];
  /** the queries search_code answered */
  queries: string[];
}

export interface LoopbackHttpMcpOptions {
  name?: string;
  version?: string;
  /** the Authorization header every request must carry; a request without it is refused 401, its header echoed */
  authorization?: string;
}

/**
 * A Streamable HTTP MCP server on loopback, stateless (a fresh server per request), offering
 * `search_code`; closed when the test ends. With `authorization`, it answers only requests that
 * carry exactly that header, and a refusal echoes what it was sent (as a careless server would).
 */
export async function loopbackHttpMcp(options: LoopbackHttpMcpOptions = {}): Promise<LoopbackHttpMcp> {
  const authorizations: string[] = [];
  const queries: string[] = [];
  const http: Server = createServer((req, res) => {
    const sent = String(req.headers.authorization ?? '');
    authorizations.push(sent);
    if (options.authorization !== undefined && sent !== options.authorization) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end(`rejected authorization "${sent}"`);
      return;
    }
    const server = new McpServer({ name: options.name ?? 'loopback-search', version: options.version ?? '3.0.0' });
    server.registerTool(
      'search_code',
      { description: 'Search the code', inputSchema: { query: z.string() } },
      async ({ query }) => {
        queries.push(query);
        return { content: [{ type: 'text', text: `src/pages.js:1: ${query} found here` }] };
      },
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, authorizations, queries };
}
