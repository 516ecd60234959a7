// The messages the engine makes from data rather than writes out: the names of the bundled board's spaces, the army
// leaders and the powers in each form a sentence takes, the counts with their nouns, lists, rule references. The
// written ones are collected from the sources' `msg(...)` calls (scripts/messages.ts); both make messages/<lang>.json.
import { hisBoard } from '../data/board.ts';
import { CARD_IDS, cardName, cardTitle } from '../data/cards.ts';
import { hisLeaderTable } from '../data/leaders.ts';
import { POWERS } from '../schema/power.ts';
import { LAND_UNIT_TYPES } from '../schema/units.ts';
import { LIST_MESSAGE_MAX, listPatterns, NOUNS, nounPatterns, type NounId, type RuCase } from './grammar.ts';
import { FACES_MESSAGES } from './faces.ts';
import { escapePattern } from './icu.ts';
import {
  inSpace,
  intoSpace,
  leaderAcc,
  leaderGen,
  leaderName,
  leaderWith,
  outOfSpace,
  powerAcc,
  powerAdjective,
  powerDat,
  powerGen,
  powerName,
  powerWith,
  spaceFrom,
  spaceIn,
  spaceName,
  spaceTo,
  unitTypeOne,
} from './names.ts';
import { RULE_REGISTRY } from './registry.ts';
import { RULE_MESSAGES } from './rules.ts';
import { JOIN_MESSAGE_MAX, joinPattern, type Text } from './text.ts';

/** A catalogue entry: the English and the Russian pattern of one message id. */
export interface Patterns {
  readonly en: string;
  readonly ru: string;
}

function literal(t: Text): Patterns {
  return { en: escapePattern(t.en), ru: escapePattern(t.ru) };
}

function put(out: Map<string, Patterns>, t: Text, p: Patterns = literal(t)): void {
  if (t.id === undefined) throw new Error(`engine fault: a generated name has no message id (${t.en})`);
  out.set(t.id, p);
}

/** Every generated message: id → patterns. */
export function generatedMessages(): Map<string, Patterns> {
  const out = new Map<string, Patterns>();
  const board = hisBoard(),
    leaders = hisLeaderTable();
  const world = { board, leaders };
  for (const id of board.spaces.keys())
    for (const f of [spaceName, spaceFrom, spaceTo, spaceIn, inSpace, intoSpace, outOfSpace]) put(out, f(world, id));
  for (const id of leaders.keys())
    for (const f of [leaderName, leaderGen, leaderAcc, leaderWith]) put(out, f(world, id));
  for (const p of POWERS)
    for (const f of [powerName, powerGen, powerDat, powerAcc, powerWith, powerAdjective]) put(out, f(p));
  for (const t of LAND_UNIT_TYPES) put(out, unitTypeOne(t));
  out.set('units.nothing', { en: 'nothing', ru: 'ничего' });
  out.set('says', { en: '{subject} {verb}', ru: '{subject} {verb}' });
  for (let n = 2; n <= LIST_MESSAGE_MAX; n++) {
    out.set(`list.and.${n}`, listPatterns(n));
    out.set(`units.list.${n}`, listPatterns(n, ', '));
  }
  const cases: readonly RuCase[] = ['nom', 'acc', 'gen'];
  for (const noun of Object.keys(NOUNS) as NounId[])
    for (const c of cases) {
      out.set(`noun.${noun}.${c}`, nounPatterns(NOUNS[noun], c, false));
      out.set(`count.${noun}.${c}`, nounPatterns(NOUNS[noun], c, true));
    }
  for (const [id, p] of Object.entries(RULE_MESSAGES)) out.set(id, p);
  for (const summary of Object.values(RULE_REGISTRY)) put(out, summary);
  for (const id of CARD_IDS) for (const f of [cardTitle, cardName]) put(out, f(id));
  for (const [id, p] of Object.entries(FACES_MESSAGES)) out.set(id, p);
  out.set('join.0', { en: '', ru: '' });
  for (let n = 2; n <= JOIN_MESSAGE_MAX; n++) out.set(`join.${n}`, { en: joinPattern(n), ru: joinPattern(n) });
  for (let n = 2; n <= 4; n++) {
    const p = Array.from({ length: n }, (_, i) => `{ref${i + 1}}`).join(', ');
    out.set(`rule.list.${n}`, { en: p, ru: p });
  }
  return out;
}
