// Writes the JSON Schemas of the public contracts to schema/<name>.schema.json (exported by the package as
// `his-procedures/schema/<name>.schema.json`, and the `$schema` of every example). `--check` only compares, for the
// test that keeps the committed files current.
import { readFileSync, writeFileSync } from 'node:fs';
import { main } from '../src/cli.ts';
import { SCHEMA_NAMES } from '../src/cli/schema.ts';

export function schemaText(name: string): string {
  let text = '';
  const code = main(['schema', name], { out: (t) => void (text += t), err: (t) => void process.stderr.write(t) });
  if (code !== 0) throw new Error(`his schema ${name} exited with ${String(code)}`);
  return text.endsWith('\n') ? text : `${text}\n`;
}

export function schemaFile(name: string): string {
  return new URL(`../schema/${name}.schema.json`, import.meta.url).pathname;
}

if (process.argv[1]?.endsWith('schemas.ts')) {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const name of SCHEMA_NAMES) {
    const text = schemaText(name);
    const file = schemaFile(name);
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = '';
    }
    if (current === text) continue;
    stale.push(name);
    if (!check) writeFileSync(file, text);
  }
  if (check && stale.length > 0) {
    process.stderr.write(`schema/ is stale for ${stale.join(', ')}: run npm run schemas\n`);
    process.exitCode = 1;
  } else process.stdout.write(check ? 'schema/ is up to date\n' : `wrote ${SCHEMA_NAMES.length} schemas to schema/\n`);
}
