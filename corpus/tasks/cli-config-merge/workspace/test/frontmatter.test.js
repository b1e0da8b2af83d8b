import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFrontMatter } from '../src/content/frontmatter.js';

test('reads key/value front matter', () => {
  const { data, body } = parseFrontMatter('---\ntitle: "Hi"\ndraft: true\n---\nBody');
  assert.deepEqual(data, { title: 'Hi', draft: true });
  assert.equal(body, 'Body');
});
