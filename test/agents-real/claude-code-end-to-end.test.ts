import { startAnthropicMock } from '../../fixtures/mock-models/anthropic.js';
import { endToEndSuite } from './suite.js';

endToEndSuite({
  adapter: 'claude-code',
  version: '2.1.332',
  agent: (baseUrl) => ({
    adapter: 'claude-code',
    version: '2.1.332',
    model: 'claude-sonnet-4-5',
    maxTurns: 20,
    baseUrl,
  }),
  credential: 'ANTHROPIC_API_KEY',
  startMock: startAnthropicMock,
  instructionFile: 'CLAUDE.md',
  fixTools: { Bash: 1, Read: 1, Write: 1 },
  apiFault: 'api-fault: the model API answered HTTP 429; claude retried, then gave up',
});
