import { describe, expect, it } from 'vitest';
import { argumentsFor, taskTerms } from '../../src/agents/mcp-query.js';
import { saysNoResult } from '../../src/provider-runtime/answer.js';

const TEMPLATE = 'You are working in a small JavaScript project, in your current directory.\n\n';

describe("the synthetic agent asks a provider about the task, in the tool's own terms", () => {
  it("takes its terms from the prompt's code spans and the fix's files, never the template's words", () => {
    const prompt = `${TEMPLATE}# \`/api/batch\`: responses come back shuffled\n\nThe app matches \`responses[i]\` to \`requests[i]\`; see \`src/batch/run.js\`.\n\n\`\`\`json\n{ "ignored": "fencedWords" }\n\`\`\`\n`;
    expect(taskTerms(prompt, ['src/batch/order.js'])).toEqual({
      words: ['batch', 'responses', 'requests', 'order'],
      paths: ['src/batch/run.js', 'src/batch/order.js'],
    });
    // nothing named in the prompt: the files the fix touches
    expect(taskTerms(`${TEMPLATE}The pager shows only 2 pages.`, ['src/pages.js'])).toEqual({
      words: ['pages'],
      paths: ['src/pages.js'],
    });
  });

  it('fills each required argument by its schema: a path with a path, text with a word, numbers with defaults', () => {
    const terms = { words: ['pageCount', 'pages'], paths: ['src/pages.js'] };
    const schema = {
      properties: {
        path: { type: 'string' },
        query: { type: 'string' },
        limit: { type: 'integer' },
        mode: { type: 'string', enum: ['fast', 'deep'] },
        exact: { type: 'boolean', default: true },
        kinds: { type: 'array', items: { type: 'string' } },
      },
      required: ['path', 'query', 'limit', 'mode', 'exact', 'kinds'],
    };
    expect(argumentsFor(schema, terms)).toEqual({
      path: 'src/pages.js',
      query: 'pageCount',
      limit: 5,
      mode: 'fast',
      exact: true,
      kinds: ['pageCount'],
    });
    // asked again after finding nothing: the next term
    expect(argumentsFor(schema, terms, 1)).toMatchObject({ query: 'pages' });
    // no required field: the query-like one, not every optional one
    expect(argumentsFor({ properties: { query: { type: 'string' }, limit: { type: 'number' } } }, terms)).toEqual({
      query: 'pageCount',
    });
  });

  it('counts an answer as empty when it is the provider saying, as declared, that it found nothing', () => {
    const noResult = ['No relevant code found'];
    expect(saysNoResult('  No relevant code found for "working"\nTry …', noResult)).toBe(true);
    expect(saysNoResult('src/pages.js:3: export function pageCount', noResult)).toBe(false);
    expect(saysNoResult('No relevant code found', undefined)).toBe(false);
  });
});
