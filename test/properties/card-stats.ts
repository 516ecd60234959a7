// How often the card deals reach the plays the card oracles judge (a tool, not a test):
//   npx tsx test/properties/card-stats.ts [runs] [landsknechts|surprise|both] [sieges]
// (Mercenaries Bribed is counted in every deal, with the battles it leaves unfought: ruling R29.)
import fc from 'fast-check';
import { withCardsArb } from './arbitraries.ts';
import { drive, seededChooser } from './drive.ts';

const runs = Number(process.argv[2] ?? 500);
const which = process.argv[3] ?? 'both';
const sieges = process.argv[4] === 'sieges';
const deal = {
  ottomanLandsknechts: which !== 'surprise',
  surpriseAttack: which !== 'landsknechts',
};
const count: Record<string, number> = {};
const inc = (k: string) => void (count[k] = (count[k] ?? 0) + 1);
const samples = fc.sample(fc.tuple(withCardsArb(sieges ? { focus: 'sieges' } : {}, deal), fc.nat()), {
  numRuns: runs,
  seed: 7,
});
for (const [json, seed] of samples) {
  const run = drive(json, seededChooser(seed), { seed, unlisted: 25 });
  const s = run.session.result?.summary;
  inc('runs');
  const bad = run.violations.some((v) => v.check === 'oracle');
  if (bad) inc('oracle violations');
  for (const v of run.violations) if (v.check === 'oracle') inc(`violation: ${v.category}`);
  if (!s) continue;
  if (s.battle) inc('battles');
  const ok = s.cards.find((c) => c.card === 'landsknechts' && c.power === 'ottoman');
  if (ok) {
    inc("Ottoman's Landsknechts played");
    if (bad) inc('  with an oracle violation');
    const n = (ok.eliminated ?? []).reduce((k, e) => k + e.mercenaries, 0);
    inc(`  eliminated ${n}`);
    if ((ok.eliminated ?? []).some((e) => e.space !== s.battle?.space)) inc('  away from the battle');
    if ((ok.eliminated ?? []).some((e) => e.inside)) inc('  inside');
    if (s.retreats.some((r) => r.reason === 'siege')) inc('  with a 15.3 retreat');
  }
  if (s.battle?.unfought) inc(`unfought: ${s.battle.unfought}`);
  if (s.cards.some((c) => c.card === 'mercenaries-bribed')) {
    inc('Mercenaries Bribed played');
    if (bad) inc('  with an oracle violation');
    if (s.battle?.unfought) inc('  a side left without land units (unfought)');
  }
  const sa = s.cards.find((c) => c.card === 'surprise-attack');
  if (sa) {
    const sur = (s as unknown as { surprise?: { side: string; recounted: number } }).surprise;
    inc(`Surprise Attack played by the ${sur?.side ?? '?'}`);
    if (bad) inc('  with an oracle violation');
    if (s.cards.some((c) => c.card === 'mercenaries-bribed')) inc('  with Mercenaries Bribed');
    if (sur && sur.recounted === 0) inc('  the other side wiped out before rolling');
    if (s.cards.some((c) => c.card === 'janissaries')) inc('  with Janissaries');
    if (s.battle?.attacker.kept || s.battle?.defender.kept) inc('  with a unit kept (R7)');
  }
}
console.log(JSON.stringify(count, null, 1));
