// Replays a failure printed by a property or stored by campaign.ts: the scenario, the seed and the calls (events
// as they were sent; `{ "roll": true }` for session.roll(); `{ "illegal": event }`, `{ "unlisted": event }` … for
// events sent with an intent), printing each answer, the story and the end position.
//
//   npx tsx test/properties/replay-case.ts /tmp/his-campaign.json "substring of a signature"
//   npx tsx test/properties/replay-case.ts case.json          # a file {scenario, seed, calls}
import { readFileSync } from 'node:fs';
import { createSession, endViolations, parseScenario } from '../../src/index.ts';
import { observe } from './drive.ts';

const file = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, unknown>;
const wanted = process.argv[3];
const cases = (file.buckets as Record<string, unknown>[] | undefined) ?? [file];
const c = wanted ? cases.find((b) => String(b.signature ?? '').includes(wanted)) : cases[0];
if (!c) throw new Error(`no case matches ${wanted}`);
if (c.signature) console.log(`case: ${String(c.signature)}`);
const session = createSession(parseScenario(c.scenario), { seed: Number(c.seed ?? 1) });
for (const call of (c.calls as Record<string, unknown>[]) ?? []) {
  const [intent, event] = call.roll
    ? ['roll', undefined]
    : (Object.entries(call).find(([k]) => ['illegal', 'unlisted', 'maybe', 'after-end'].includes(k)) ?? [
        'listed',
        call,
      ]);
  const before = session.pending;
  const r = intent === 'roll' ? session.roll() : session.sendUntrusted(event);
  console.log(
    `${(before?.kind ?? 'end').padEnd(10)} ${(before?.power ?? '').padEnd(10)} ${intent.padEnd(9)} ${JSON.stringify(event ?? 'roll')} → ${r.ok ? 'ok' : `${r.error.code}: ${r.error.message}`}`,
  );
}
console.log('\nstory:');
for (const t of session.trace) if (t.headline) console.log(`  ${t.note.en}`);
console.log(`\npending: ${session.pending ? session.pending.kind : 'none'}`);
if (session.result) {
  console.log(`result stacks: ${JSON.stringify(session.result.position.stacks)}`);
  console.log(
    `result sieges: ${JSON.stringify(session.result.position.sieges)}, captured: ${JSON.stringify(session.result.position.captured)}`,
  );
  const v = endViolations(parseScenario(c.scenario), observe(session));
  console.log(`end invariants: ${v.length === 0 ? 'hold' : v.join('; ')}`);
  try {
    parseScenario(session.result.position);
    console.log('result position parses');
  } catch (e) {
    console.log(`result position does not parse: ${(e as Error).message}`);
  }
}
