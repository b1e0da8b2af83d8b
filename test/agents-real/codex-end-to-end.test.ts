import { startOpenAIMock } from '../../fixtures/mock-models/openai.js';
import { endToEndSuite } from './suite.js';

endToEndSuite({
  adapter: 'codex',
  version: '0.171.0',
  agent: (baseUrl) => ({ adapter: 'codex', version: '0.171.0', model: 'gpt-5-codex', baseUrl: `${baseUrl}/v1` }),
  credential: 'OPENAI_API_KEY',
  startMock: startOpenAIMock,
  instructionFile: 'AGENTS.md',
  fixTools: { exec_command: 3 },
  apiFault: 'api-fault: the model API answered HTTP 429; codex retried, then gave up',
});
