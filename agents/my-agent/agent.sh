#!/bin/sh
# A command agent for Crossover, in its own directory (agents/my-agent), which the sandbox binds
# read-only. Crossover runs `sh -c ./agents/my-agent/agent.sh` in the trial's fresh workspace (the
# current directory): the prompt arrives on stdin, and the arm's MCP servers are listed in the file
# $CROSSOVER_MCP_CONFIG names ({"mcpServers": {...}}, each a command that reaches the real server
# through Crossover's proxy). A baseline arm has no MCP server, so that file does not exist.
set -eu
here=$(dirname "$0")
prompt=$(cat)

# The prompt's first `code span` is what this stand-in asks the code-search server about.
query=$(printf '%s\n' "$prompt" | grep -o '`[A-Za-z0-9_./-]*`' | head -n 1 | tr -d '`')
if [ -f "$CROSSOVER_MCP_CONFIG" ]; then
  node "$here/mcp-client.mjs" config "$CROSSOVER_MCP_CONFIG" search_code "{\"query\":\"${query:-export}\"}"
fi

# Your agent goes here: hand it the prompt and the MCP config, and let it edit the files of the
# current directory, e.g.  printf '%s' "$prompt" | my-agent --mcp-config "$CROSSOVER_MCP_CONFIG"
# This stand-in changes nothing, so the hidden checks fail every trial: it shows the plumbing.
