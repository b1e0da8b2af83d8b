import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { artifactNames, jsonSchemaOf } from '../../src/contracts/registry.js';

type JsonSchema = { [key: string]: unknown };

const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA_SINGLES = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'propertyNames'] as const;

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The definition a `$ref` points at inside the same document, so a shared definition's description counts. */
function resolve(node: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (isSchema(at) ? at[key] : undefined), root);
  return isSchema(target) ? target : node;
}

/** JSON paths of every object property, at any depth, whose schema carries no description. */
function undescribedProperties(root: JsonSchema): string[] {
  const missing: string[] = [];
  const visit = (node: JsonSchema, path: string): void => {
    const properties = node.properties;
    if (isSchema(properties)) {
      for (const [key, child] of Object.entries(properties)) {
        if (!isSchema(child)) continue;
        const description = child.description ?? resolve(child, root).description;
        if (typeof description !== 'string' || description.trim() === '') missing.push(`${path}.${key}`);
        visit(child, `${path}.${key}`);
      }
    }
    for (const list of SUBSCHEMA_LISTS) {
      const children = node[list];
      if (!Array.isArray(children)) continue;
      for (const child of children.filter(isSchema)) visit(child, path);
    }
    for (const single of SUBSCHEMA_SINGLES) {
      const child = node[single];
      if (isSchema(child)) visit(child, single === 'items' ? `${path}[]` : path);
    }
  };
  visit(root, '$');
  for (const defs of [root.$defs, root.definitions]) {
    if (isSchema(defs)) for (const [name, def] of Object.entries(defs)) if (isSchema(def)) visit(def, `#${name}`);
  }
  return missing;
}

describe('every field of every published artifact schema says what it means', () => {
  it.each(artifactNames())('%s: no property without a description', (name) => {
    expect(undescribedProperties(jsonSchemaOf(name))).toEqual([]);
  });

  it('finds a planted undescribed field, however deep, in arrays and unions', () => {
    const planted = z
      .object({
        top: z.string().describe('Described.'),
        list: z
          .array(z.object({ inner: z.number(), ok: z.boolean().describe('Described.') }).strict())
          .describe('Described.'),
        either: z.union([z.object({ a: z.string() }).strict(), z.null()]).describe('Described.'),
        bare: z.string(),
      })
      .strict();
    expect(undescribedProperties(z.toJSONSchema(planted) as JsonSchema)).toEqual([
      '$.list[].inner',
      '$.either.a',
      '$.bare',
    ]);
  });

  it('counts a description carried by a shared definition behind a $ref', () => {
    const shared = z.string().describe('Described once.');
    const root: JsonSchema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/s' }, b: { $ref: '#/$defs/t' } },
      $defs: { s: z.toJSONSchema(shared), t: { type: 'string' } },
    };
    expect(undescribedProperties(root)).toEqual(['$.b']);
  });
});
