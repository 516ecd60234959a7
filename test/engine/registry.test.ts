// A procedure, a decision kind or a card window is added where its behaviour lives, and whatever is forgotten fails
// here or in the compiler (docs/architecture.md "Where a change goes"): every decision state of every machine has a
// spec in the registry with every field its kind needs, every spec stands for a state, each field agrees with the
// machines and with the decisions it describes, and a card window that takes events is a decision with a spec.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describe, expect, test } from 'vitest';
import { MACHINE_IDS, MACHINES, type MachineId } from '../../machines/index.ts';
import type { StateMeta } from '../../machines/meta.ts';
import {
  ANSWER_SPACES,
  PROCEDURE_DECISIONS,
  SKIPPED_LABELS,
  specOf,
  STEP_CLOSED,
} from '../../src/engine/procedures/index.ts';
import { POLICIES } from '../../src/engine/resolve.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { createSession, type Session } from '../../src/engine/session.ts';
import { DECISION_KINDS, type DecisionKind } from '../../src/schema/decision.ts';
import { SkippedDecisionSchema } from '../../src/schema/result.ts';

/** The kinds of decision the summary may record as nobody asked (ruling R9). */
const SKIPPABLE = SkippedDecisionSchema.shape.kind.options;
type Skippable = (typeof SKIPPABLE)[number];

function statesOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((s) => [s, ...statesOf(s)]);
}

interface Waiting {
  readonly machine: MachineId;
  readonly state: string;
  readonly kind: DecisionKind;
  readonly node: AnyStateNode;
}

const WAITING: readonly Waiting[] = MACHINE_IDS.flatMap((machine) =>
  statesOf((MACHINES[machine] as AnyStateMachine).root).flatMap((node) => {
    const meta = node.meta as StateMeta | undefined;
    const kind: DecisionKind | undefined = meta?.roll ? 'roll' : meta?.decision;
    return kind ? [{ machine, state: node.key, kind, node }] : [];
  }),
);

describe('[13.1] the procedure registry: one spec per decision state, every field filled', () => {
  test.for(WAITING.map((w) => [`${w.machine}.${w.state}`, w] as const))(
    '[13.1] %s has a spec with every field of its kind',
    ([, w]) => {
      const spec = PROCEDURE_DECISIONS[w.machine][w.kind];
      expect(spec, `no ${w.kind} spec for ${w.machine} in src/engine/procedures/index.ts`).toBeDefined();
      expect(spec!.build).toBeTypeOf('function');
      expect(spec!.decline).toBeTypeOf('function');
      expect(spec!.mayBeForced).toBeTypeOf('boolean');
      if (w.kind === 'roll') return;
      expect(spec!.power).toBeTypeOf('function');
      expect(spec!.eager).toBeTypeOf('boolean');
      expect(['procedure', 'decision']).toContain(spec!.closedBy);
      expect(Array.isArray(spec!.declines)).toBe(true);
      // The events that decline it are events its state takes — none of them where it cannot be declined.
      const events = Object.keys(w.node.config.on ?? {});
      if (spec!.undeclinableIn?.includes(w.state))
        for (const e of spec!.declines) expect(events, `${w.state} is declined`).not.toContain(e);
      else for (const e of spec!.declines ?? []) expect(events).toContain(e);
      expect(spec!.stepClosed).toBeTypeOf('function');
      expect(spec!.answerSpace).toBeTypeOf('function');
      // Read by kind (STEP_CLOSED, ANSWER_SPACES), a kind of several procedures (the card windows) has one of each.
      expect(STEP_CLOSED[w.kind], `${w.kind}: the specs' step-closed words differ`).toBe(spec!.stepClosed);
      expect(ANSWER_SPACES[w.kind], `${w.kind}: the specs' answer spaces differ`).toBe(spec!.answerSpace);
      // A kind the summary may list as skipped (ruling R9) words its refused candidates; no other kind has the field.
      if ((SKIPPABLE as readonly string[]).includes(w.kind)) {
        expect(spec!.skippedLabel, `${w.kind}: no skippedLabel`).toBeTypeOf('function');
        expect(SKIPPED_LABELS[w.kind as Skippable], `${w.kind}: the specs' skipped labels differ`).toBe(
          spec!.skippedLabel,
        );
      } else expect(spec!.skippedLabel).toBeUndefined();
    },
  );

  test('[13.1] every spec in the registry stands for a decision state of its machine', () => {
    const specs = MACHINE_IDS.flatMap((m) => Object.keys(PROCEDURE_DECISIONS[m]).map((k) => `${m}.${k}`));
    const states = new Set(WAITING.map((w) => `${w.machine}.${w.kind}`));
    expect(specs.filter((s) => !states.has(s))).toEqual([]);
  });

  test('[13.1] every kind of decision of the contract (DESIGN "Session API") has a decision state and a spec', () => {
    expect(DECISION_KINDS.filter((k) => !WAITING.some((w) => w.kind === k))).toEqual([]);
  });

  test('[ruling R14] a card window that takes no event yet says ruling R14; one that does is a decision state with a spec and its cards’ ruling (R26, R27, R31, R32)', () => {
    const windows = MACHINE_IDS.flatMap((machine) =>
      statesOf((MACHINES[machine] as AnyStateMachine).root)
        .filter((n) => n.tags.includes('window'))
        .map((n) => ({ machine, node: n })),
    );
    expect(windows.length).toBeGreaterThan(0);
    for (const { machine, node } of windows) {
      const meta = node.meta as StateMeta;
      const takesEvents = Object.keys(node.config.on ?? {}).length > 0;
      if (!takesEvents && !node.config.always) expect(meta.ruling, `${machine}.${node.key}`).toBe('R14');
      else expect(['R14', 'R26', 'R27', 'R31', 'R32'], `${machine}.${node.key}`).toContain(meta.ruling);
      if (takesEvents) {
        expect(meta.decision, `${machine}.${node.key} takes events: it needs meta.decision`).toBeDefined();
        expect(specOf(machine, meta.decision!)).toBeDefined();
      }
    }
  });
});

const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));
const NAMES = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();

/** The waiting state's context, as the spec reads it (the session's own view of it). */
function waitingContext(s: Session): unknown {
  return (s as unknown as { waiting(): { context: unknown } | undefined }).waiting()?.context;
}

describe("[13.1] each spec's fields agree with the decisions it describes: every example, both built-in policies", () => {
  let total = 0;
  // lone-leader-captured asks nothing: every decision of its move is forced (ruling R9).
  test.for(NAMES)('[13.1] %s', (name) => {
    const scenario = parseScenario(JSON.parse(readFileSync(`${EXAMPLES}${name}.json`, 'utf8')));
    const problems: string[] = [];
    let seen = 0;
    for (const policy of ['decline', 'eager'] as const) {
      const s = createSession(scenario, { seed: 7 });
      for (let n = 0; n < 200 && s.pending; n++) {
        const d = s.pending;
        seen++;
        const spec = specOf(d.machine as MachineId, d.kind);
        const at = `${policy} ${d.machine}.${d.state}`;
        if (!spec.mayBeForced && d.forced) problems.push(`${at}: forced, but its spec says it never is`);
        if (d.kind !== 'roll') {
          const asked = spec.power?.(waitingContext(s));
          if (asked !== d.power)
            problems.push(`${at}: the spec's power is ${String(asked)}, the decision's ${d.power}`);
          const types = d.options.map((o) => o.event.type);
          for (const e of spec.declines ?? [])
            if (!(types as string[]).includes(e)) problems.push(`${at}: ${e} is not an option`);
          const eager = POLICIES.eager(d);
          if (spec.eager && eager !== d.options[0]?.event) problems.push(`${at}: eager does not take the first option`);
        }
        const answer = d.kind === 'roll' ? { type: 'dice.rolled' as const } : POLICIES[policy](d);
        if (!answer || !s.send(answer).ok) break;
      }
    }
    total += seen;
    expect(problems).toEqual([]);
  });

  test('[13.1] the examples meet decisions along both policies', () => {
    expect(total).toBeGreaterThan(50);
  });
});
