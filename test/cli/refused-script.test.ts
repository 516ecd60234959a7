// A refused scripted event: after the story and the refusal, `his resolve` says what the game still waits for and
// lists its legal answers with the event to send for each — copied into the events file, the move goes on.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { his } from '../helpers/cli.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = mkdtempSync(join(tmpdir(), 'his-refused-'));
const EXAMPLE = join(ROOT, 'examples', 'vienna-1517.json');
const vienna = JSON.parse(readFileSync(EXAMPLE, 'utf8'));

/** Charles V intercepts from Graz with more regulars than Graz holds (it has 8). */
const TOO_MANY = join(DIR, 'too-many.json');
writeFileSync(TOO_MANY, JSON.stringify([{ ...vienna.events[0], regulars: 12 }]));

describe('his resolve after a refused scripted event', () => {
  test('[13.2 step 1] prints the decision still pending and its legal answers, each with its event', () => {
    const r = his('resolve', EXAMPLE, '--events', TOO_MANY);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/error in scripted event 1 \(index 0\): \[13\.2 step 1\] Graz does not hold/);
    expect(r.stderr).toContain('Waiting for: Hapsburg: intercept the Ottoman move into Vienna?');
    expect(r.stderr).toContain(
      '  - Intercept from Graz with 8 regulars, Charles V: {"type":"intercept.declare","power":"hapsburg","from":"graz","regulars":8,"leaders":["charles-v"]}',
    );
    expect(r.stderr).toContain(
      '  - Make no (more) interception attempts: {"type":"intercept.decline","power":"hapsburg"}',
    );
  });

  test('[13.2 step 1] a listed answer, put in the events file, is accepted and the move goes on', () => {
    const r = his('resolve', EXAMPLE, '--events', TOO_MANY);
    const listed = /- Intercept from Graz[^:]*: (\{.*\})$/m.exec(r.stderr)?.[1];
    expect(listed).toBeDefined();
    const fixed = join(DIR, 'fixed.json');
    writeFileSync(fixed, JSON.stringify([JSON.parse(listed!), ...vienna.events.slice(1)]));
    expect(his('resolve', EXAMPLE, '--events', fixed).code).toBe(0);
  });

  test('[13.2 step 1] in Russian, and in JSON the whole pending decision with its limits', () => {
    const ru = his('resolve', EXAMPLE, '--events', TOO_MANY, '--lang', 'ru');
    expect(ru.stderr).toContain('Ожидается: Габсбурги: перехватить движение Османов в Вену?');
    expect(ru.stderr).toContain(
      '  - Не делать (больше) попыток перехвата: {"type":"intercept.decline","power":"hapsburg"}',
    );
    const json = JSON.parse(his('resolve', EXAMPLE, '--events', TOO_MANY, '--json').stdout);
    expect(json.ok).toBe(false);
    expect(json.pending.kind).toBe('intercept');
    expect(json.pending.options.map((o: { event: unknown }) => o.event)).toContainEqual({
      type: 'intercept.decline',
      power: 'hapsburg',
    });
    expect(json.pending.limits).toBeDefined();
  });
});
