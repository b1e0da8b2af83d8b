import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../src/content/markdown.js';

test('renders headings and paragraphs', () => {
  assert.equal(renderMarkdown('# Title\n\nSome *text*.'), '<h1>Title</h1>\n<p>Some <em>text</em>.</p>');
});
