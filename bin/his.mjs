#!/usr/bin/env node
// The `his` command: runs the compiled CLI (dist/, built by `npm run build` and shipped in the package) with plain
// node. In a source checkout without a build, `npm run his -- <command>` runs the sources through tsx instead.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/src/cli.js', import.meta.url);
if (!existsSync(compiled)) {
  process.stderr.write(
    'his: dist/ is missing: run `npm run build` first, or `npm run his -- <command>` in a checkout\n',
  );
  process.exit(1);
}
const { runProcess } = await import(compiled.href);
runProcess(process.argv.slice(2));
