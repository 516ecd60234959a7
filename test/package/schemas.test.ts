// The JSON Schemas the package exports (schema/<name>.schema.json) are the ones `his schema <name>` prints: a
// change to a contract that is not followed by `npm run schemas` fails here. Every example's `$schema` resolves.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SCHEMA_NAMES } from '../../src/cli/schema.ts';
import { schemaFile, schemaText } from '../../scripts/schemas.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('schema/', () => {
  test.each(SCHEMA_NAMES)('schema/%s.schema.json is what `his schema` prints (npm run schemas)', (name) => {
    expect(readFileSync(schemaFile(name), 'utf8')).toBe(schemaText(name));
  });

  test('holds no schema `his schema` does not know', () => {
    const names = readdirSync(join(ROOT, 'schema')).map((f) => f.replace(/\.schema\.json$/, ''));
    expect(names.sort()).toEqual([...SCHEMA_NAMES].sort());
  });

  const examples = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json'));
  test.each(examples)('examples/%s: its $schema resolves to the scenario schema', (file) => {
    const path = join(ROOT, 'examples', file);
    const { $schema } = JSON.parse(readFileSync(path, 'utf8')) as { $schema?: string };
    expect($schema).toBeDefined();
    const target = resolve(dirname(path), $schema!);
    expect(existsSync(target)).toBe(true);
    expect(target).toBe(schemaFile('scenario'));
  });
});
