// Issue 25 item 7: every text the engine gives a host is also a message (an id of messages/<lang>.json and its
// parameters). The worked example (examples/vienna-1517.json, RULES.md §6) is played with every decision's refused
// answers tried; each text met — prompts, labels, refused answers' reasons, roll modifiers, trace notes, the story,
// the summary — must render, with the shipped catalogues, exactly its `en` and `ru` strings, and with a third
// catalogue built here (each pattern wrapped in ⟦ ⟧, the Russian-only arguments appended) with no id missing and no
// parameter missing or unused.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  createSession,
  formatMessage,
  MessageFormatError,
  parseScenario,
  resolve,
  type Catalogue,
  type Decision,
  type EngineEvent,
  type MessageParam,
  type Text,
} from '../../src/index.ts';
import { argumentsOf, formatPattern } from '../../src/text/icu.ts';
import { RULE_REFS } from '../../src/rules/registry.ts';
import { hitRuleText } from '../../src/text/faces.ts';
import { agree, count, listText, nounFor, NOUNS, says, type NounId } from '../../src/text/grammar.ts';
import { power, spaceName } from '../../src/text/names.ts';
import { cite } from '../../src/text/rules.ts';
import { joinText, msg, text } from '../../src/text/text.ts';
import { hisBoard } from '../../src/data/board.ts';
import { buildCatalogues, staleCatalogues, writtenMessages } from '../../scripts/messages.ts';
import { declinePolicy } from '../../src/engine/resolve.ts';
import ts from 'typescript';

const HIS = { board: hisBoard() };
const EN = JSON.parse(readFileSync('messages/en.json', 'utf8')) as Record<string, string>;
const RU = JSON.parse(readFileSync('messages/ru.json', 'utf8')) as Record<string, string>;

interface Met {
  readonly where: string;
  readonly text: Text;
}

/** Every text in a value a host is given: any object with string `en` and `ru`, where it was found. */
function textsIn(value: unknown, where: string, out: Met[]): void {
  if (typeof value !== 'object' || value === null) return;
  const o = value as Record<string, unknown>;
  if (typeof o['en'] === 'string' && typeof o['ru'] === 'string') {
    out.push({ where, text: o as unknown as Text });
    return;
  }
  for (const [k, v] of Object.entries(o)) if (k !== 'names') textsIn(v, `${where}.${k}`, out);
}

/** Answers each decision refuses: its blocked options sent anyway, an answer for a closed step, another power's. */
function refusedAnswers(d: Decision): EngineEvent[] {
  const out: EngineEvent[] = [];
  for (const b of d.blocked) {
    const o = b.option as Record<string, string | undefined>;
    if (d.kind === 'intercept' && o['power'] && o['from'])
      out.push({ type: 'intercept.declare', power: o['power'] as never, from: o['from'], regulars: 1 });
    if (d.kind === 'avoid' && o['to']) out.push({ type: 'avoid.declare', power: d.power, to: o['to'], regulars: 1 });
    if (d.kind === 'continue' && o['to']) out.push({ type: 'move.continue', to: o['to'] });
    if (d.kind === 'retreat' && o['to']) out.push({ type: 'retreat.declare', power: d.power, to: o['to'] });
  }
  if (d.kind !== 'continue') out.push({ type: 'move.stop' });
  if (d.kind === 'roll') out.push({ type: 'dice.rolled', values: [1] });
  else out.push({ type: 'withdraw.decline', power: 'france' });
  return out;
}

/** Plays the worked example with its script, trying every refused answer on the way; every text met. */
function workedExample(): Met[] {
  const source = JSON.parse(readFileSync('examples/vienna-1517.json', 'utf8')) as Record<string, unknown>;
  const script = [...(source['events'] as EngineEvent[])];
  delete source['events'];
  const session = createSession(parseScenario(source), { seed: 1 });
  const met: Met[] = [];
  for (let step = 0; session.pending && step < 100; step++) {
    const d = session.pending;
    textsIn(d, `decision ${step} (${d.kind})`, met);
    for (const e of refusedAnswers(d)) {
      const r = session.send(e);
      expect(r.ok, `${e.type} at decision ${step}`).toBe(false);
      if (!r.ok) textsIn(r.error, `refusal of ${e.type} at decision ${step}`, met);
    }
    const next = script[0];
    if (next && session.send(next).ok) {
      script.shift();
      continue;
    }
    const decline = d.options.find((o) => /decline|stop|pass/.test(o.event.type)) ?? d.options[0];
    const r = session.send(decline ? decline.event : { type: 'dice.rolled' });
    expect(r.ok, `the answer to decision ${step}`).toBe(true);
  }
  expect(session.pending).toBeNull();
  textsIn(session.trace, 'trace', met);
  textsIn(session.result, 'result', met);
  return met;
}

/** Each message in a text's tree (the text and every message among its parameters). */
function messagesIn(m: Text | MessageParam, out: { id: string; params: readonly string[] }[] = []): typeof out {
  if (typeof m !== 'object' || !('id' in m) || m.id === undefined) return out;
  const params = m.params ?? {};
  out.push({ id: m.id, params: Object.keys(params) });
  for (const v of Object.values(params)) messagesIn(v, out);
  return out;
}

/** The parameters of the message `id` in a text's tree (the first met). */
function paramsOf(m: Text | MessageParam, id: string): Readonly<Record<string, MessageParam>> {
  if (typeof m !== 'object' || !('id' in m) || m.id === undefined) return {};
  if (m.id === id) return m.params ?? {};
  for (const v of Object.values(m.params ?? {})) {
    const p = paramsOf(v, id);
    if (Object.keys(p).length > 0) return p;
  }
  return {};
}

/** A third language for the test: each English pattern wrapped in ⟦ ⟧, with the Russian-only arguments appended. */
function stubCatalogue(): Catalogue {
  const out: Record<string, string> = {};
  for (const [id, en] of Object.entries(EN)) {
    const inEn = argumentsOf(en);
    const extra = [...argumentsOf(RU[id]!)].filter((a) => !inEn.has(a));
    out[id] = `⟦${en}${extra.map((a) => ` {${a}}`).join('')}⟧`;
  }
  return out;
}

describe('[issue 25] messages: texts a host can translate', () => {
  const met = workedExample();

  test('messages/en.json and messages/ru.json are up to date (npm run messages)', () => {
    expect(staleCatalogues()).toEqual([]);
  });

  test('both catalogues hold the same ids, and every pattern parses and reads the same arguments in both', () => {
    expect(Object.keys(RU)).toEqual(Object.keys(EN));
    const { en, ru } = buildCatalogues();
    expect(Object.keys(en).length).toBeGreaterThan(1000);
    // A message's parameters are the same whichever language renders it; each pattern reads a subset of them.
    for (const { id, params } of messagesIn(msg('x', '{a} {b}', '{a}', { a: 1, b: 2 })))
      expect([id, params]).toEqual(['x', ['a', 'b']]);
    expect(ru).toEqual(RU);
  });

  test('the worked example is played through, refused answers and all, and meets texts of every kind', () => {
    const where = new Set(met.map((m) => m.where.replace(/\d+/g, 'N').replace(/\.N\b/g, '[]')));
    for (const part of ['prompt', 'label', 'reason', 'note', 'modifiers'])
      expect(
        [...where].some((w) => w.includes(part)),
        part,
      ).toBe(true);
    expect(met.some((m) => m.where.startsWith('refusal'))).toBe(true);
    expect(met.some((m) => m.where.startsWith('result'))).toBe(true);
  });

  test('every text of the worked example has a message id', () => {
    expect(met.filter((m) => m.text.id === undefined).map((m) => `${m.where}: ${m.text.en}`)).toEqual([]);
  });

  test('the English and Russian catalogues render exactly the en and ru strings of every text of the worked example', () => {
    for (const { where, text: t } of met) {
      expect(formatMessage(EN, t, { locale: 'en' }), where).toBe(t.en);
      expect(formatMessage(RU, t, { locale: 'ru' }), where).toBe(t.ru);
    }
  });

  test('a third catalogue renders every message of the worked example: no id missing, no parameter missing or unused', () => {
    const stub = stubCatalogue();
    const read = new Set<string>();
    const ids = new Set<string>();
    for (const { where, text: t } of met) {
      const out = formatMessage(stub, t, { locale: 'de', onArgument: (id, name) => read.add(`${id} ${name}`) });
      expect(out.startsWith('⟦') && out.endsWith('⟧'), where).toBe(true);
      expect(out, where).not.toBe(t.en);
      for (const m of messagesIn(t)) {
        ids.add(m.id);
        for (const p of m.params) expect(read.has(`${m.id} ${p}`), `${where}: ${m.id} {${p}}`).toBe(true);
      }
    }
    expect(ids.size).toBeGreaterThan(50);
  });

  test('a parameter that is only two strings (a text without an id) shows the fallback language; a missing id is refused', () => {
    const t = msg('x.note', '{who} waits', '{who} ждёт', { who: text('Ottoman', 'Османы') });
    expect(t.params).toEqual({ who: { en: 'Ottoman', ru: 'Османы' } });
    expect(formatMessage({ 'x.note': '{who} wartet' }, t, { locale: 'de' })).toBe('Ottoman wartet');
    expect(formatMessage({ 'x.note': '{who} wartet' }, t, { locale: 'de', fallback: 'ru' })).toBe('Османы wartet');
    expect(() => formatMessage({}, t, { locale: 'de' })).toThrow(MessageFormatError);
    expect(() => formatPattern('{a} {b}', { a: 1 }, 'en')).toThrow(/no value for '\{b\}'/);
  });

  test('plural forms follow the locale: Russian one, few and many', () => {
    const ru = RU['count.die.nom']!;
    expect([1, 2, 5, 11, 21, 22, 25].map((n) => formatPattern(ru, { n }, 'ru'))).toEqual([
      '1 кубик',
      '2 кубика',
      '5 кубиков',
      '11 кубиков',
      '21 кубик',
      '22 кубика',
      '25 кубиков',
    ]);
    expect([1, 2].map((n) => formatPattern(EN['count.die.nom']!, { n }, 'en'))).toEqual(['1 die', '2 dice']);
  });

  test('Russian case forms of names come from the catalogue: «в Вене», «из Пресбурга», «Сулеймана»', () => {
    expect([
      RU['space.vienna.in'],
      RU['space.pressburg.outOf'],
      RU['leader.suleiman.acc'],
      RU['power.ottoman.gen'],
    ]).toEqual(['в Вене', 'из Пресбурга', 'Сулеймана', 'Османов']);
    expect(EN['space.vienna.in']).toBe('Vienna');
  });

  test('generated messages (counts, lists, joins, rule references, faces) render as the helpers word them', () => {
    const check = (t: Text, where: string) => {
      expect(formatMessage(EN, t, { locale: 'en' }), where).toBe(t.en);
      expect(formatMessage(RU, t, { locale: 'ru' }), where).toBe(t.ru);
    };
    for (const noun of Object.keys(NOUNS) as NounId[])
      for (const c of ['nom', 'acc', 'gen'] as const)
        for (let n = 0; n <= 31; n++) {
          check(count(n, NOUNS[noun], c), `count ${n} ${noun} ${c}`);
          check(nounFor(NOUNS[noun], n, c), `noun ${n} ${noun} ${c}`);
        }
    const spaces = [...HIS.board.spaces.keys()];
    for (let n = 2; n <= 12; n++) {
      const some = spaces.slice(0, n).map((id) => spaceName(HIS, id));
      check(listText('list.and', some), `list.and.${n}`);
      check(listText('units.list', some, ', '), `units.list.${n}`);
      for (const sep of [' ', ', ', '; ', '']) check(joinText(some, sep), `join.${n} '${sep}'`);
    }
    for (const ref of RULE_REFS) check(cite(ref), ref);
    check(cite('13.3', '22.3', 'R10'), 'three references');
    const subjects = [
      power('ottoman'),
      power('france'),
      power('papacy'),
      count(1, NOUNS.regulars),
      count(3, NOUNS.die),
    ];
    const verbs = [...writtenMessages().keys()].filter((id) => id.startsWith('verb.'));
    expect(verbs.length).toBeGreaterThan(5);
    for (const id of verbs) {
      const rest = id.slice('verb.'.length),
        dot = rest.indexOf('.');
      for (const s of subjects) {
        check(agree(s, rest.slice(0, dot), rest.slice(dot + 1)), id);
        check(says(s, rest.slice(0, dot), rest.slice(dot + 1)), `says ${id}`);
      }
    }
    for (let hitOn = 1; hitOn <= 6; hitOn++) check(hitRuleText([{ hitOn, dice: 3 }]), `faces from ${hitOn}`);
    check(
      hitRuleText([
        { hitOn: 5, dice: 4 },
        { hitOn: 4, dice: 3 },
      ]),
      'two pools',
    );
  });

  test('every text of the examples and of the casebook’s scenarios with cards has a message id, cards played and not', ({
    annotate,
  }) => {
    const left: string[] = [];
    const words = new Set<string>();
    const scenarios: { name: string; json: Record<string, unknown> }[] = [
      ...readdirSync('examples')
        .filter((f) => f.endsWith('.json'))
        .map((f) => ({ name: f, json: JSON.parse(readFileSync(`examples/${f}`, 'utf8')) as Record<string, unknown> })),
      // Every card window with a card in hand (rulings R26–R33): the casebook's scenarios that deal cards.
      ...readdirSync('review/cases')
        .filter((f) => f.endsWith('.json'))
        .map((f) => ({
          name: f,
          json: (JSON.parse(readFileSync(`review/cases/${f}`, 'utf8')) as { scenario: Record<string, unknown> })
            .scenario,
        }))
        .filter((c) => c.json['hands'] !== undefined),
    ];
    for (const { name, json } of scenarios) {
      const scenario = parseScenario(json);
      // The default policy passes every card (ruling R36); the second run plays the first listed play of each window.
      const plays = (d: Decision): EngineEvent | undefined => {
        textsIn(d, `${name} decision (${d.kind})`, found);
        if (d.kind === 'card') return d.options[0]!.event;
        return declinePolicy(d);
      };
      const found: Met[] = [];
      for (const policy of ['decline', plays] as const) {
        const outcome = resolve(scenario, { policy });
        if (!outcome.ok) continue;
        textsIn(outcome.session.trace, `${name} trace`, found);
        textsIn(outcome.result, `${name} result`, found);
      }
      for (const m of found) {
        if (m.text.id === undefined) left.push(`${m.where}: ${m.text.en.slice(0, 60)}`);
        // A parameter that is a word already rendered (a Russian form, an English phrase) reads the same in every
        // language: a translation can only use or leave it.
        for (const x of messagesIn(m.text))
          for (const [k, v] of Object.entries(paramsOf(m.text, x.id)))
            if (typeof v === 'string' && /\p{L}{2}/u.test(v) && !/^(true|false|one|other|pl)$/.test(v))
              words.add(`${x.id} {${k}} = ${v.slice(0, 40)}`);
      }
    }
    const written = writtenMessages();
    expect(written.size).toBeGreaterThan(300);
    expect([...new Set(left)]).toEqual([]);
    // What a third language cannot translate: an English pattern that prints a word already rendered in English
    // (read as `{name}`, not as a `select` key). A Russian-only word is harmless: another catalogue reads the
    // parameters the English pattern reads. None does.
    const english = new Set(
      [...words]
        .map((w) => w.split(' = ')[0]!)
        .filter((k) => {
          const [id, param] = k.split(' ') as [string, string];
          const en = written.get(id)?.en ?? '';
          return en.includes(param) && !en.includes(`${param.slice(0, -1)}, select`);
        }),
    );
    expect([...english]).toEqual([]);
    void annotate(
      `${words.size} parameters of the examples are words rendered in one language:\n${[...words].join('\n')}`,
    );
  });

  test('no source makes a text without a message id: text(en, ru) is called nowhere in src/ or machines/', () => {
    // `text` of src/text/text.ts gives a text without an id; `msg(id, en, ru, args)` is the way (npm run messages:migrate).
    const calls: string[] = [];
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : [],
      );
    for (const file of [...files('src'), ...files('machines')]) {
      if (file === 'src/text/text.ts') continue;
      const src = readFileSync(file, 'utf8');
      const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true);
      // The local names `text` of src/text/text.ts has in this file (an import, possibly renamed).
      const names = new Set<string>();
      for (const st of sf.statements)
        if (
          ts.isImportDeclaration(st) &&
          ts.isStringLiteral(st.moduleSpecifier) &&
          /(^|\/)text(\/text)?\.ts$/.test(st.moduleSpecifier.text) &&
          st.importClause?.namedBindings &&
          ts.isNamedImports(st.importClause.namedBindings)
        )
          for (const el of st.importClause.namedBindings.elements)
            if ((el.propertyName ?? el.name).text === 'text') names.add(el.name.text);
      const visit = (n: ts.Node): void => {
        if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && names.has(n.expression.text))
          calls.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`);
        ts.forEachChild(n, visit);
      };
      if (names.size > 0) visit(sf);
    }
    expect(calls).toEqual([]);
  });
});
