// DESIGN "Machines": every procedure machine is self-describing — each state has a description and the rule it
// applies (with a bilingual title), decision and dice states carry their tags, every guard is a named restriction
// from the machine's rule-carrying guard table, every action is implemented, and the machine body only wires names
// together (STYLE "Rules are data and pure functions; machines only wire them"; the syntax rules are ESLint's:
// test/machines/lint.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describe, expect, test } from 'vitest';
import { MACHINE_IDS, MACHINES, type MachineId } from '../../machines/index.ts';
import type { StateMeta } from '../../machines/meta.ts';
import { ruleGuardOf } from '../../src/rules/procedures/common.ts';
import { isRuleRef } from '../../src/rules/registry.ts';
import { DECISION_OF_EVENT } from '../../src/engine/structure.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The rule section a machine implements, as its root meta states it (checked below), for the test titles. */
function sectionOf(machine: AnyStateMachine): string {
  return String((machine.root.meta as { rule?: unknown } | undefined)?.rule);
}

/** DESIGN "Events" (a contract): the events that answer each kind of decision. The machines must agree with it. */
const EVENTS_OF: Record<NonNullable<StateMeta['decision']>, readonly string[]> = {
  move: ['move.declare'],
  intercept: ['intercept.declare', 'intercept.decline'],
  avoid: ['avoid.declare', 'avoid.decline'],
  withdraw: ['withdraw.declare', 'withdraw.decline'],
  continue: ['move.continue', 'move.stop'],
  casualties: ['casualties.assign'],
  retreat: ['retreat.declare'],
  // card.place: the placing power's answer after another power's mercenary card (ruling R32).
  card: ['card.play', 'card.pass', 'card.place'],
  relief: ['relief.declare'],
};

interface Row {
  readonly id: MachineId;
  readonly rule: string;
  readonly machine: AnyStateMachine;
}

const ROWS: readonly Row[] = MACHINE_IDS.map((id) => ({ id, rule: sectionOf(MACHINES[id]), machine: MACHINES[id] }));
/** `test.for(CASES)('[%s] %s: ...')`: the title starts with the machine's rule section, then its id. */
const CASES = ROWS.map((r) => [r.rule, r.id, r] as const);

/** Every state node below the root, depth first. */
function statesOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((s) => [s, ...statesOf(s)]);
}

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...statesOf(machine.root)];
}

type RawTransition = { readonly guard?: unknown; readonly actions?: unknown };

function toArray(x: unknown): unknown[] {
  return x === undefined ? [] : Array.isArray(x) ? x : [x];
}

/** The transitions a state's raw config declares: `on`, `always`, `after` and the invoke handlers. */
function transitionsOf(node: AnyStateNode): RawTransition[] {
  const c = node.config as Record<string, unknown>;
  const raw: unknown[] = [
    ...Object.values((c.on ?? {}) as Record<string, unknown>).flatMap(toArray),
    ...toArray(c.always),
    ...Object.values((c.after ?? {}) as Record<string, unknown>).flatMap(toArray),
    ...toArray(c.invoke).flatMap((i) => {
      const inv = i as Record<string, unknown>;
      return [...toArray(inv.onDone), ...toArray(inv.onError), ...toArray(inv.onSnapshot)];
    }),
  ];
  return raw.filter((t): t is RawTransition => typeof t === 'object' && t !== null);
}

/** A guard reference's names: a string, `{ type }`, or a composed guard (`not`, `and`, `or`) and its parts. */
function guardNames(guard: unknown): string[] {
  if (guard === undefined) return [];
  if (typeof guard === 'string') return [guard];
  if (typeof guard === 'function') {
    const parts = (guard as { guards?: unknown[] }).guards;
    return parts ? parts.flatMap(guardNames) : ['<inline guard function>'];
  }
  if (typeof guard === 'object' && guard !== null && typeof (guard as { type?: unknown }).type === 'string')
    return [(guard as { type: string }).type];
  return ['<unrecognised guard>'];
}

function actionNames(actions: unknown): string[] {
  return toArray(actions).map((a) => {
    if (typeof a === 'string') return a;
    if (typeof a === 'object' && a !== null && typeof (a as { type?: unknown }).type === 'string')
      return (a as { type: string }).type;
    return '<inline action>';
  });
}

function referencedGuards(machine: AnyStateMachine): Set<string> {
  return new Set(allNodes(machine).flatMap((n) => transitionsOf(n).flatMap((t) => guardNames(t.guard))));
}

function referencedActions(machine: AnyStateMachine): Set<string> {
  return new Set(
    allNodes(machine).flatMap((n) => {
      const c = n.config as Record<string, unknown>;
      return [
        ...transitionsOf(n).flatMap((t) => actionNames(t.actions)),
        ...actionNames(c.entry),
        ...actionNames(c.exit),
      ];
    }),
  );
}

function metaOf(node: AnyStateNode): Partial<StateMeta> | undefined {
  return node.meta as Partial<StateMeta> | undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(ROOT, dir, f));
}

describe('DESIGN "Machines": every procedure is one machine that says what it is', () => {
  test('[13.1] the machines are the movement machine and every procedure it invokes, each by its own id', () => {
    const seen: string[] = [];
    const visit = (m: AnyStateMachine) => {
      if (seen.includes(m.id)) return;
      seen.push(m.id);
      for (const [src, child] of Object.entries(m.implementations.actors)) {
        expect((child as AnyStateMachine).id, `${m.id} invokes ${src}`).toBe(src);
        visit(child as AnyStateMachine);
      }
    };
    visit(MACHINES.movement);
    expect([...MACHINE_IDS].sort()).toEqual(seen.sort());
    expect(MACHINE_IDS.length).toBeGreaterThanOrEqual(7);
  });

  test('[13.1] every machines/*/*.machine.ts machine is in MACHINES and exported by name from machines/index.ts and the package root', async () => {
    const index = (await import('../../machines/index.ts')) as Record<string, unknown>;
    const root = (await import('../../src/index.ts')) as Record<string, unknown>;
    const inMachines = new Set<unknown>(Object.values(MACHINES));
    const files = readdirSync(join(ROOT, 'machines'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(join(ROOT, 'machines', d.name))
          .filter((f) => f.endsWith('.machine.ts'))
          .map((f) => `${d.name}/${f}`),
      );
    expect(files.length).toBeGreaterThanOrEqual(8);
    const exported: string[] = [];
    for (const file of files) {
      const module = (await import(join(ROOT, 'machines', file))) as Record<string, unknown>;
      const machines = Object.entries(module).filter(
        ([, v]) => typeof v === 'object' && v !== null && 'root' in v && 'implementations' in v,
      );
      expect(
        machines.map(([name]) => name),
        `${file} exports one machine`,
      ).toHaveLength(1);
      const [name, machine] = machines[0]!;
      expect(inMachines.has(machine), `${name} (${file}) is in MACHINES`).toBe(true);
      expect(index[name], `${name} (${file}) is exported from machines/index.ts`).toBe(machine);
      expect(root[name], `${name} (${file}) is exported from the package root`).toBe(machine);
      exported.push(name);
    }
    // And the other way: every machine of MACHINES has its file.
    expect(exported).toHaveLength(MACHINE_IDS.length);
  });

  test.for(CASES)(
    '[%s] %s: the root meta states the rule from the registry and a title in English and Russian',
    ([, , { machine }]) => {
      const meta = machine.root.meta as Partial<StateMeta> | undefined;
      expect(typeof meta?.rule === 'string' && isRuleRef(meta.rule), String(meta?.rule)).toBe(true);
      expect(meta?.title?.en.trim().length ?? 0).toBeGreaterThan(0);
      expect(meta?.title?.ru ?? '').toMatch(/[а-яё]/i);
    },
  );
});

describe('DESIGN "Machines": every state describes itself', () => {
  test.for(CASES)('[%s] %s: the machine and every state have a non-empty description', ([, , { machine }]) => {
    const missing = allNodes(machine)
      .filter((n) => !(typeof n.description === 'string' && n.description.trim().length > 0))
      .map((n) => n.id);
    expect(missing).toEqual([]);
  });

  test.for(CASES)('[%s] %s: every state has a meta.rule from the rule registry', ([, , { machine }]) => {
    const bad = statesOf(machine.root)
      .filter((n) => {
        const rule = metaOf(n)?.rule;
        return typeof rule !== 'string' || !isRuleRef(rule);
      })
      .map((n) => `${n.id}: ${String(metaOf(n)?.rule)}`);
    expect(bad).toEqual([]);
  });

  test.for(CASES)('[%s] %s: every meta.ruling a state cites is a ruling in the registry', ([, , { machine }]) => {
    const bad = statesOf(machine.root)
      .filter((n) => {
        const ruling = metaOf(n)?.ruling;
        return ruling !== undefined && !(/^R\d+$/.test(ruling) && isRuleRef(ruling));
      })
      .map((n) => `${n.id}: ${String(metaOf(n)?.ruling)}`);
    expect(bad).toEqual([]);
  });

  test.for(CASES)('[%s] %s: every state has a meta.title in English and Russian', ([, , { machine }]) => {
    const bad = statesOf(machine.root)
      .filter((n) => {
        const title = metaOf(n)?.title;
        return (
          !title ||
          !(title.en.trim().length > 0) ||
          !/[а-яё]/i.test(title.ru) ||
          /[a-z]{3,}/i.test(title.ru.replace(/«[^»]*»/g, ''))
        );
      })
      .map((n) => `${n.id}: ${JSON.stringify(metaOf(n)?.title)}`);
    expect(bad).toEqual([]);
  });

  test.for(CASES)("[%s] %s: a state has meta.decision exactly when it is tagged 'decision'", ([, , { machine }]) => {
    const bad = statesOf(machine.root)
      .filter((n) => (metaOf(n)?.decision !== undefined) !== n.tags.includes('decision'))
      .map((n) => `${n.id}: decision=${String(metaOf(n)?.decision)} tags=${n.tags.join(',')}`);
    expect(bad).toEqual([]);
  });

  test.for(CASES)("[%s] %s: a state has meta.roll exactly when it is tagged 'roll'", ([, , { machine }]) => {
    const bad = statesOf(machine.root)
      .filter((n) => (metaOf(n)?.roll !== undefined) !== n.tags.includes('roll'))
      .map((n) => `${n.id}: roll=${String(metaOf(n)?.roll)} tags=${n.tags.join(',')}`);
    expect(bad).toEqual([]);
  });

  test.for(CASES)('[%s] %s: decision and dice states wait for an event; no state is both', ([, , { machine }]) => {
    const bad = statesOf(machine.root)
      .filter((n) => n.tags.includes('decision') || n.tags.includes('roll'))
      .filter(
        (n) =>
          (n.tags.includes('decision') && n.tags.includes('roll')) ||
          Object.keys((n.config.on ?? {}) as object).length === 0 ||
          n.config.always !== undefined,
      )
      .map((n) => n.id);
    expect(bad).toEqual([]);
  });

  test('[13.1] the structure the engine reads from the machines is the DESIGN contract: each event answers one kind of decision', () => {
    const derived = Object.fromEntries(
      Object.keys(EVENTS_OF).map((kind) => [
        kind,
        [...DECISION_OF_EVENT]
          .filter(([, k]) => k === kind)
          .map(([e]) => e)
          .sort(),
      ]),
    );
    expect(derived).toEqual(Object.fromEntries(Object.entries(EVENTS_OF).map(([k, es]) => [k, [...es].sort()])));
    expect(DECISION_OF_EVENT.get('dice.rolled')).toBe('roll');
  });

  test.for(CASES)(
    '[%s] %s: a decision or dice state accepts only the events of its kind (DESIGN "Events")',
    ([, , { machine }]) => {
      const bad = statesOf(machine.root)
        .filter((n) => metaOf(n)?.decision !== undefined || metaOf(n)?.roll !== undefined)
        .flatMap((n) => {
          const meta = metaOf(n)!;
          const allowed = meta.roll !== undefined ? ['dice.rolled'] : EVENTS_OF[meta.decision!];
          return Object.keys((n.config.on ?? {}) as object)
            .filter((e) => !allowed.includes(e))
            .map((e) => `${n.id} (${meta.decision ?? `roll ${meta.roll}`}): ${e}`);
        });
      expect(bad).toEqual([]);
    },
  );
});

describe('DESIGN "Machines": guards are named restrictions that carry their rule', () => {
  test.for(CASES)(
    '[%s] %s: the guards the machine references are exactly the guards setup() implements',
    ([, , { machine }]) => {
      const implemented = Object.keys(machine.implementations.guards).sort();
      expect(implemented.length).toBeGreaterThan(0);
      expect([...referencedGuards(machine)].sort()).toEqual(implemented);
    },
  );

  test.for(CASES)(
    '[%s] %s: every guard setup() implements carries a rule from the registry and a predicate (guardsOf)',
    ([, , { machine }]) => {
      const bad = Object.entries(machine.implementations.guards)
        .filter(([, adapter]) => {
          const g = ruleGuardOf(adapter);
          return !g || !isRuleRef(g.rule) || typeof g.test !== 'function';
        })
        .map(([name, adapter]) => `${name}: ${String(ruleGuardOf(adapter)?.rule)}`);
      expect(bad).toEqual([]);
    },
  );
});

describe('DESIGN "Machines": actions are referenced by name and implemented', () => {
  test.for(CASES)('[%s] %s: every action the machine references is implemented in setup()', ([, , { machine }]) => {
    const implemented = new Set(Object.keys(machine.implementations.actions));
    const missing = [...referencedActions(machine)].filter((a) => !implemented.has(a));
    expect(missing).toEqual([]);
  });

  test.for(CASES)(
    '[%s] %s: every action setup() implements is referenced by the machine (no dead actions)',
    ([, , { machine }]) => {
      const referenced = referencedActions(machine);
      expect(referenced.size).toBeGreaterThan(0);
      expect(Object.keys(machine.implementations.actions).filter((a) => !referenced.has(a))).toEqual([]);
    },
  );

  test.for(CASES)('[%s] %s: every actor the machine invokes is provided in setup()', ([, , { machine }]) => {
    const provided = new Set(Object.keys(machine.implementations.actors));
    const missing = allNodes(machine)
      .flatMap((n) => toArray((n.config as Record<string, unknown>).invoke))
      .map((i) => (i as { src?: unknown }).src)
      .filter((src) => typeof src !== 'string' || !provided.has(src));
    expect(missing).toEqual([]);
  });
});

describe('Every rule number is data: cited rules are in the registry', () => {
  const files = [...sourceFiles('src'), ...sourceFiles('machines')];
  const citations = files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/\b(rule|ruling)\s*:\s*(['"])([^'"\n]*)\2/g)].map((m) => ({
      where: `${relative(ROOT, file)}:${text.slice(0, m.index).split('\n').length}`,
      kind: m[1]!,
      ref: m[3]!,
    }));
  });

  test("[13–14] every `rule: '...'` and `ruling: '...'` in src/ and machines/ names an entry of the rule registry", () => {
    expect(citations.length).toBeGreaterThan(50);
    const bad = citations.filter((c) => !isRuleRef(c.ref) || (c.kind === 'ruling' && !/^R\d+$/.test(c.ref)));
    expect(bad).toEqual([]);
  });
});
