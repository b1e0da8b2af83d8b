import { defineExperiment } from 'crossover';
import { realAgent, WORST_CASE_TOKENS } from './shared.js';

const PACK = 'skills/corpus-pack';
/** The lean core: general habits every task may use. */
const CORE = ['minimal-diff', 'reproduce-first', 'verify-with-tests'];

/**
 * Lean versus full skill pack on the stage-1 slice of the bundled corpus: every skill of the pack
 * discoverable (the baseline), a three-skill core, and the core with the task's preregistered
 * skill preloaded into the prompt. `taskSkills` preregisters the skill each task benefits from
 * (or "none"): the scorecard's selection-accuracy diagnostic reads it.
 */
export default defineExperiment({
  id: 'skills',
  title: 'Skill packs: every skill, a lean core, or the core plus the right skill preloaded',
  stage: 1,
  corpus: '../corpus',
  tasks: ['api-pagination-last-page', 'api-error-envelope', 'web-todo-filter-count', 'web-search-race'],
  ...realAgent(),
  arms: [
    { id: 'full-pack', role: 'baseline', title: 'Every skill discoverable', skills: { dir: PACK } },
    { id: 'core', role: 'treatment', title: 'A three-skill core', skills: { dir: PACK, include: CORE } },
    {
      id: 'core-preloaded',
      role: 'treatment',
      title: "The core, with the task's preregistered skill preloaded",
      skills: { dir: PACK, include: CORE, preloadTaskSkill: true },
    },
  ],
  taskSkills: {
    'api-pagination-last-page': 'pagination-bounds',
    'api-error-envelope': 'http-error-contract',
    'web-todo-filter-count': 'ui-derived-state',
    'web-search-race': 'async-races',
  },
  repeats: 2,
  promptTemplate: 'prompts/default.md',
  worstCaseTokens: WORST_CASE_TOKENS,
  sandbox: 'bubblewrap',
});
