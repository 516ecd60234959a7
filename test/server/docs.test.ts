// docs/server.md shows a transcript: its requests, replayed, must still give its responses (a response cut at "…"
// must still begin so).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
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
    for (const code of [-32700, -32600, -32601, -32602, -32603, -32000]) expect(doc).toContain(`| \`${code}\``);
  });
});
