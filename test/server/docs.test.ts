// docs/server.md shows a transcript: its requests, replayed, must still give its responses (a response cut at "…"
// must still begin so).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { METHOD_PARAMS, RPC_ERRORS, type MethodName } from '../../src/server.ts';
import { ROOT, serveRaw } from './helpers.ts';

function transcript(): { requests: string[]; responses: string[] } {
  const doc = readFileSync(join(ROOT, 'docs', 'server.md'), 'utf8');
  const block = doc.split('## Transcript')[1]?.split('```text\n')[1]?.split('```')[0] ?? '';
  const lines = block.split('\n');
  return {
    requests: lines.filter((l) => l.startsWith('→ ')).map((l) => l.slice(2)),
    responses: lines.filter((l) => l.startsWith('← ')).map((l) => l.slice(2)),
  };
}

describe('docs/server.md', () => {
  test('[13.2][14] the transcript is what the server answers', async () => {
    const { requests, responses } = transcript();
    expect(requests.length).toBeGreaterThanOrEqual(10);
    const actual = await serveRaw(requests);
    expect(actual).toHaveLength(responses.length);
    responses.forEach((shown, i) => {
      if (shown.endsWith('…'))
        expect(actual[i]!.startsWith(shown.slice(0, -1)), `response ${i + 1}:\n${actual[i]}`).toBe(true);
      else expect(actual[i]).toBe(shown);
    });
  });

  test('every method of the server has a row in the methods table, and every error code in the errors table', async () => {
    const doc = readFileSync(join(ROOT, 'docs', 'server.md'), 'utf8');
    const [hello] = await serveRaw([JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hello' })]);
    for (const m of JSON.parse(hello!).result.methods as string[]) expect(doc).toContain(`| \`${m}\` |`);
    for (const code of Object.values(RPC_ERRORS)) expect(doc).toContain(`| \`${code}\``);
  });

  test("the methods table is the server's: its rows in hello's order, each naming exactly the method's parameters", async () => {
    const doc = readFileSync(join(ROOT, 'docs', 'server.md'), 'utf8');
    const table = doc.split('## Methods')[1]!.split('\n\n')[1]!.split('\n').slice(2);
    const rows = table.map((row) => {
      const [method, params] = row.split(' | ').map((cell) => cell.replace(/^\| /, ''));
      // The parameters are the names in backticks that begin each comma-separated part, once what is said about
      // each in parentheses is left out ("`from?` (index, default 0)").
      let bare = params!;
      while (/\([^()]*\)/.test(bare)) bare = bare.replace(/\([^()]*\)/g, '');
      const named = bare === '—' ? [] : [...bare.matchAll(/(?:^|, )`(\w+)\??`/g)].map((m) => m[1]!);
      return { method: method!.replace(/`/g, ''), params: named };
    });
    const [hello] = await serveRaw([JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hello' })]);
    const methods = JSON.parse(hello!).result.methods as string[];
    expect(rows.map((r) => r.method)).toEqual(methods);
    expect(methods).toEqual(Object.keys(METHOD_PARAMS));
    for (const r of rows) expect(r.params, r.method).toEqual(METHOD_PARAMS[r.method as MethodName]);
  });

  test('every read of the session is a method of the same name', () => {
    // The session's reads (getters and snapshot-like methods) that a host may want over the wire.
    for (const read of ['pending', 'position', 'summary', 'inTransit', 'result', 'trace', 'view', 'undo', 'save'])
      expect(Object.keys(METHOD_PARAMS)).toContain(read);
    expect(Object.keys(METHOD_PARAMS)).toContain('snapshot'); // session.getSnapshot()
  });
});
