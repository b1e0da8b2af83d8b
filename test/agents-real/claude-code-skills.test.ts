import { startAnthropicMock } from '../../fixtures/mock-models/anthropic.js';
import { skillsSuite } from './skills-suite.js';

skillsSuite({
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
  skillsHome: '.claude/skills',
});
