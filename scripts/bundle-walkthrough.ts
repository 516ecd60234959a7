// Part of `npm run build`: bundles the walkthrough page's two browser scripts (replay, play) with esbuild and writes
// them beside the compiled walkthrough module, so `his walkthrough` in an installed package needs no bundler. It
// reports on stderr: `npm pack --json` runs it and its stdout must stay JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bundleEntry, type ScriptKind } from '../src/viz/walkthrough/bundle.ts';

const ROOT = join(import.meta.dirname, '..');
const SOURCES = join(ROOT, 'src', 'viz', 'walkthrough');
const TARGET = join(ROOT, 'dist', 'src', 'viz', 'walkthrough');

for (const kind of ['replay', 'play'] as const satisfies readonly ScriptKind[]) {
  const bundle = await bundleEntry(join(SOURCES, `entry-${kind}.ts`), kind);
  const file = join(TARGET, `script-${kind}.js`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bundle.text);
  console.error(
    `${file.slice(ROOT.length + 1)}: ${Math.round(bundle.text.length / 1024)} KiB from ${bundle.inputs.length} modules`,
  );
}
