// The page's script, bundled by esbuild from this folder's entries: `replay` (the renderer and the navigation) or
// `play` (that and the engine, through src/index.ts). The build step of the walkthrough: the one module here that
// reads files (the sources, through esbuild); it writes nothing. The bundle must reach no `node:` module — the engine
// is a library that runs anywhere — and the build fails if it does.
import type { Plugin } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ScriptKind = 'replay' | 'play';

export interface Bundle {
  readonly kind: ScriptKind;
  readonly text: string;
  /** Source files in the bundle, relative to the package (for a report or a test). */
  readonly inputs: readonly string[];
}

/** Raised when the browser bundle would need Node. */
export class BundleError extends Error {}

/** Refuses every Node built-in, with the module that asked for it. */
const noNode: Plugin = {
  name: 'no-node-modules',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) => ({
      errors: [{ text: `the page's script may not use ${args.path} (imported by ${args.importer})` }],
    }));
  },
};

const cache = new Map<ScriptKind, Promise<Bundle>>();

/** The package's folder (src/viz/walkthrough is three levels down): bundle inputs are reported relative to it. */
const PACKAGE_ROOT = join(import.meta.dirname, '..', '..', '..');

/** The script of a page, minified, as one IIFE; built once per process. */
export function bundleScript(kind: ScriptKind): Promise<Bundle> {
  let pending = cache.get(kind);
  if (!pending) {
    pending = buildScript(kind);
    cache.set(kind, pending);
    pending.catch(() => cache.delete(kind));
  }
  return pending;
}

/** The file `npm run build` writes beside the compiled module, so an installed package needs no esbuild. */
export function prebuiltScript(kind: ScriptKind): string {
  return join(import.meta.dirname, `script-${kind}.js`);
}

function buildScript(kind: ScriptKind): Promise<Bundle> {
  const prebuilt = prebuiltScript(kind);
  if (existsSync(prebuilt)) return Promise.resolve({ kind, text: readFileSync(prebuilt, 'utf8'), inputs: [] });
  // From the sources (tsx, vitest) the entry is TypeScript; from a compiled copy it is JavaScript.
  const ts = join(import.meta.dirname, `entry-${kind}.ts`);
  return bundleEntry(existsSync(ts) ? ts : join(import.meta.dirname, `entry-${kind}.js`), kind);
}

/** esbuild, loaded when a page is first made: only the walkthrough needs it. */
async function esbuild(): Promise<typeof import('esbuild')> {
  try {
    return await import('esbuild');
  } catch {
    throw new BundleError('the walkthrough page needs esbuild to bundle its script (npm install esbuild)');
  }
}

/** Bundles one entry file for the browser (exported for tests: an entry that reaches Node must fail). */
export async function bundleEntry(entry: string, kind: ScriptKind): Promise<Bundle> {
  const { build } = await esbuild();
  let result;
  try {
    result = await build({
      entryPoints: [entry],
      absWorkingDir: PACKAGE_ROOT,
      bundle: true,
      write: false,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      charset: 'ascii',
      legalComments: 'none',
      metafile: true,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [noNode],
    });
  } catch (e) {
    const errors = (e as { errors?: { text: string }[] }).errors;
    throw new BundleError(
      `the ${kind} script could not be bundled: ${errors?.map((x) => x.text).join('; ') ?? (e as Error).message}`,
    );
  }
  const inputs = Object.keys(result.metafile.inputs).sort();
  const node = inputs.filter((f) => f.startsWith('node:') || f.includes('(disabled)'));
  if (node.length > 0) throw new BundleError(`the ${kind} script reaches Node modules: ${node.join(', ')}`);
  const text = result.outputFiles[0]!.text;
  // Inside <script>, "</script" would end the element and "<!--" would change how it is parsed.
  if (/<\/script|<!--/i.test(text)) throw new BundleError(`the ${kind} script contains "</script" or "<!--"`);
  return { kind, text, inputs };
}
