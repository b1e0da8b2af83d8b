import { startOpenAIMock } from '../../fixtures/mock-models/openai.js';
import { skillsSuite } from './skills-suite.js';

skillsSuite({
  adapter: 'codex',
  version: '0.171.0',
  agent: (baseUrl) => ({ adapter: 'codex', version: '0.171.0', model: 'gpt-5-codex', baseUrl: `${baseUrl}/v1` }),
  credential: 'OPENAI_API_KEY',
  startMock: startOpenAIMock,
  skillsHome: '.codex/skills',
});
