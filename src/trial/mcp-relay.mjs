// Crossover's MCP relay: what an agent starts, inside its sandbox, in place of an MCP server. It only
// joins its stdin and stdout to the Unix socket of the trial's MCP proxy, which runs outside the
// sandbox, starts the real server and records every tools/call where the agent cannot write. Plain
// Node with no imports beyond node:net, so it runs wherever the agent can start node.
import { connect } from 'node:net';

const socketPath = process.argv[2];
if (!socketPath) {
  process.stderr.write('crossover mcp relay: expected the proxy socket path as its argument\n');
  process.exit(2);
}
const socket = connect(socketPath);
socket.on('error', (error) => {
  process.stderr.write(`crossover mcp relay: cannot reach the MCP proxy: ${error.message}\n`);
  process.exit(1);
});
socket.on('connect', () => {
  process.stdin.pipe(socket);
  socket.pipe(process.stdout);
});
socket.on('close', () => process.exit(0));
process.stdin.on('end', () => socket.end());
