// The diagrams are the machines' own: every state and transition drawn, with rules in each language; the committed
// files of visualizations/ are what the machines generate (the test fails when they are stale).
import { beforeAll, describe, expect, test } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { MACHINES, type MachineId, type StateMeta } from '../../machines/index.ts';
import { ruleGuardOf } from '../../src/rules/procedures/common.ts';
import { chartOf, diagram, DIAGRAMS, drawDiagram, DiagramError, visualizationFiles } from '../../src/viz/diagram.ts';
import { staleFiles } from '../../scripts/viz.ts';
import { ruleText, stateRuleText } from '../../src/text/rules.ts';

const IDS = Object.keys(MACHINES) as MachineId[];
const LANGS = ['en', 'ru'] as const;

/** Every state of a machine, nested ones included, as '<machine>.<path>'. */
function stateIdsOf(id: string, machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const n of Object.values(node.states) as AnyStateMachine['root'][]) {
      out.push([id, ...n.path].join('.'));
      visit(n);
    }
  };
  visit(machine.root);
  return out;
}

let files: Record<string, string>;
beforeAll(async () => {
  files = await visualizationFiles();
}, 60_000);

describe('visualizations/', () => {
  test('[13.1] matches the machines: Mermaid, DOT and SVG (npm run viz)', async () => {
    expect(await staleFiles(files)).toEqual([]);
  });

  test('[13.1] holds an SVG for every machine and the composed chart in both languages, listed in its README', () => {
    for (const name of DIAGRAMS) {
      for (const lang of LANGS) {
        expect(files[`${name}.${lang}.svg`], `${name}.${lang}.svg`).toMatch(/<svg[\s\S]*<\/svg>\n$/);
        expect(files[`${name}.${lang}.dot`], `${name}.${lang}.dot`).toBeDefined();
        expect(files['README.md']).toContain(`[${name}.${lang}.svg](${name}.${lang}.svg)`);
      }
    }
    expect(files['composed.en.mmd']).toBeUndefined();
  });
});

describe('charts', () => {
  test.for(IDS)('[13.1] %s: every state and every transition is drawn, each guard with its rule', (id) => {
    const machine = MACHINES[id];
    const c = chartOf(id);
    expect(c.states.map((s) => s.id)).toEqual(stateIdsOf(id, machine));
    const mermaid = drawDiagram(id, 'mermaid');
    const dot = drawDiagram(id, 'dot');
    for (const s of c.states) expect(mermaid).toContain(`as ${s.id.slice(id.length + 1)}`);
    for (const e of c.edges) {
      if (e.from) expect(mermaid).toContain(`${e.from.slice(id.length + 1)} --> ${e.to.slice(id.length + 1)}`);
      if (!e.guard) continue;
      // A composed guard ("canWithdraw and not isAutomaticWithdrawal") cites the rule of every guard it names, and
      // the ruling of each that carries one.
      const names = e.guard
        .split(/ and | or |not /)
        .map((n) => n.replace(/[()]/g, '').trim())
        .filter(Boolean);
      const guards = names.map((n) => ruleGuardOf(MACHINES[id].implementations.guards[n]));
      for (const g of guards) expect(g?.rule, `${id}: guard ${e.guard}`).toBeTruthy();
      const rules = [...new Set(guards.map((g) => stateRuleText(g!.rule, g!.ruling, 'en')))];
      expect(dot).toContain(`[${e.guard} (${rules.join('; ')})]`);
    }
    expect(dot).toMatch(new RegExp(`^digraph "${id}" \\{`));
  });

  test('[13.2] the interception chart shows the decision, the roll and the guard with its rule', () => {
    const text = drawDiagram('interception', 'mermaid');
    expect(text).toContain(
      'awaitingInterception --> rollingInterception : intercept.declare [isLegalInterception (13.2)] / declareInterception',
    );
    expect(text).toContain('class awaitingInterception decision');
    expect(text).toContain('class rollingInterception roll');
  });

  test.for(LANGS)(
    '[14 step 6, ruling R28] %s: a guard that carries a ruling cites it with its rule, in every machine and the composed chart',
    (lang) => {
      const withRuling = IDS.flatMap((id) =>
        Object.entries(MACHINES[id].implementations.guards).flatMap(([name, adapter]) => {
          const g = ruleGuardOf(adapter);
          return g?.ruling ? [{ id, name, cited: stateRuleText(g.rule, g.ruling, lang) }] : [];
        }),
      );
      // Surprise Attack's order (ruling R28) is read by the two guards after the combat-card window.
      expect(withRuling.map((g) => g.name)).toEqual(
        expect.arrayContaining(['isSurpriseAttackByAttacker', 'isSurpriseAttackByDefender']),
      );
      const composed = drawDiagram('composed', 'dot', { lang });
      for (const g of withRuling) {
        const label = `[${g.name} (${g.cited})]`;
        expect(drawDiagram(g.id, 'dot', { lang }), `${g.id}: ${g.name}`).toContain(label);
        expect(drawDiagram(g.id, 'mermaid', { lang }), `${g.id}: ${g.name}`).toContain(label);
        expect(composed, g.name).toContain(label);
      }
      expect(drawDiagram('fieldBattle', 'mermaid', { lang })).toContain(
        lang === 'en'
          ? 'combatCards --> rollingSurpriseDefenderDice : always [isSurpriseAttackByDefender (14 step 6, ruling R28)] / closeCombatCardWindow'
          : 'combatCards --> rollingSurpriseDefenderDice : сразу [isSurpriseAttackByDefender (14, шаг 6; постановление R28)] / closeCombatCardWindow',
      );
    },
  );

  test('[13.1] the movement chart names the machines it invokes', () => {
    const text = drawDiagram('movement', 'mermaid');
    const invoked = Object.keys(MACHINES.movement.implementations.actors);
    expect(invoked.length).toBeGreaterThanOrEqual(6);
    for (const child of invoked) expect(text).toContain(`⇒ ${child}`);
  });

  test('[13.1] diagram() still draws a machine given to it, as the package exports it', () => {
    expect(diagram('retreat', MACHINES.retreat, 'mermaid', 'ru')).toBe(
      drawDiagram('retreat', 'mermaid', { lang: 'ru' }),
    );
  });
});

describe('labels', () => {
  test.for([
    ['14 step 6', '14, шаг 6'],
    ['13.4 option 2', '13.4, вариант 2'],
    ['14 steps 2–3', '14, шаги 2–3'],
    ['13.1', '13.1'],
    ['R5', 'постановление R5'],
  ] as const)('[14 step 6] the rule %s reads «%s» in Russian', ([en, ru]) => {
    expect(ruleText(en, 'ru')).toBe(ru);
    expect(ruleText(en, 'en')).toBe(en === 'R5' ? 'ruling R5' : en);
  });

  test('[14 step 9] a state with a ruling cites both', () => {
    expect(stateRuleText('14 step 9', 'R5', 'en')).toBe('14 step 9, ruling R5');
    expect(stateRuleText('14 step 9', 'R5', 'ru')).toBe('14, шаг 9; постановление R5');
  });

  test.for(LANGS)('[14 step 6] %s: every state shows its title and its rule as the language cites it', (lang) => {
    const dot = drawDiagram('fieldBattle', 'dot', { lang });
    const meta = MACHINES.fieldBattle.root.states.rollingAttackerDice!.meta as StateMeta;
    expect(dot).toContain(meta.title[lang]);
    expect(dot).toContain(lang === 'en' ? '>14 step 6<' : '>14, шаг 6<');
    expect(drawDiagram('withdrawal', 'mermaid', { lang })).toContain(
      lang === 'en' ? '(13.4 option 1, ruling R4)' : '(13.4, вариант 1; постановление R4)',
    );
  });

  test.for(IDS.flatMap((id) => LANGS.map((lang) => [id, lang] as const)))(
    '[13.1] %s (%s): the fallback of every eventless list is labelled else',
    ([id, lang]) => {
      const word = lang === 'en' ? 'else' : 'иначе';
      const c = chartOf(id, lang);
      const mermaid = drawDiagram(id, 'mermaid', { lang });
      const dot = drawDiagram(id, 'dot', { lang });
      const fallbacks = Object.values(MACHINES[id].root.states).flatMap((n) => {
        const list = (n as AnyStateMachine['root']).always ?? [];
        const last = list.at(-1);
        return list.length > 1 && last && last.guard === undefined
          ? [`${id}.${(n as AnyStateMachine['root']).key}`]
          : [];
      });
      expect(c.edges.filter((e) => e.kind === 'else').map((e) => e.from)).toEqual(fallbacks);
      for (const e of c.edges.filter((x) => x.kind === 'else')) {
        const from = e.from!.slice(id.length + 1);
        const to = e.to.slice(id.length + 1);
        expect(mermaid).toMatch(new RegExp(`${from} --> ${to} : ${word}`));
        expect(dot).toMatch(
          new RegExp(`"${e.from}" -> "${e.to}" \\[[^\\n]*class="transition else"[^\\n]*<I>${word}</I>`),
        );
      }
    },
  );

  test('[13.3 step 3] decision, dice and card-window states look different in every format', () => {
    const dot = drawDiagram('fieldBattle', 'dot');
    expect(dot).toMatch(
      /"fieldBattle.awaitingCasualties" \[[^\n]*class="state decision"[^\n]*shape=hexagon[^\n]*fillcolor="#fde68a"[^\n]*a player decides/,
    );
    expect(dot).toMatch(
      /"fieldBattle.rollingAttackerDice" \[[^\n]*class="state roll"[^\n]*fillcolor="#bfdbfe"[^\n]*dice roll/,
    );
    expect(dot).toMatch(/"fieldBattle.combatCards" \[[^\n]*class="state window"[^\n]*dashed[^\n]*card window/);
    const ru = drawDiagram('fieldBattle', 'dot', { lang: 'ru' });
    expect(ru).toContain('решает игрок');
    expect(ru).toContain('окно карт');
    const mermaid = drawDiagram('fieldBattle', 'mermaid');
    expect(mermaid).toContain(
      'class awaitingBattleResponseCard,awaitingCardPlacement,awaitingAttackerCombatCard,awaitingDefenderCombatCard,awaitingSurpriseCasualties,awaitingRollsCard,awaitingCasualties decision',
    );
    // Ruling R28: Surprise Attack's rolls, first and second, are roll states of their own.
    expect(mermaid).toContain(
      'class rollingAttackerDice,rollingDefenderDice,rollingSurpriseAttackerDice,rollingSurpriseDefenderDice,rollingRecountedDefenderDice,rollingRecountedAttackerDice,rollingCardDice roll',
    );
    expect(mermaid).toContain('class responseCards,combatCards,rollsCards window');
  });
});

describe('--highlight', () => {
  test('[14 step 6] marks one state in Mermaid and DOT, by id or by key of the root machine', () => {
    expect(drawDiagram('fieldBattle', 'mermaid', { highlight: 'fieldBattle.rollingAttackerDice' })).toContain(
      'class rollingAttackerDice highlight',
    );
    const dot = drawDiagram('fieldBattle', 'dot', { highlight: 'rollingAttackerDice' });
    expect(dot.match(/highlight/g)).toHaveLength(1);
    expect(dot).toMatch(
      /"fieldBattle.rollingAttackerDice" \[[^\n]*class="state roll highlight"[^\n]*color="#dc2626", penwidth=4/,
    );
    expect(drawDiagram('composed', 'dot', { highlight: 'retreat.awaitingRetreat' })).toMatch(
      /"retreat.awaitingRetreat" \[[^\n]*highlight/,
    );
    expect(drawDiagram('composed', 'mermaid', { highlight: 'retreat.awaitingRetreat' })).toContain(
      'class retreat__awaitingRetreat highlight',
    );
  });

  test('[13.1] refuses a state the diagram does not draw, and names inherited by every object', () => {
    expect(() => drawDiagram('fieldBattle', 'dot', { highlight: 'interception.awaitingInterception' })).toThrow(
      DiagramError,
    );
    expect(() => drawDiagram('fieldBattle', 'dot', { highlight: 'toString' })).toThrow(DiagramError);
    expect(() => drawDiagram('constructor' as MachineId, 'dot')).toThrow(DiagramError);
  });
});

describe('the composed chart folded to the procedures in play', () => {
  test('[13.1] a machine not in play is one state; its own transitions are gone, its invocations and returns kept once', async () => {
    const { foldedChart } = await import('../../src/viz/chart.ts');
    const full = chartOf('composed', 'en');
    const inPlay = new Set(['interception', 'fieldBattle', 'retreat']);
    const c = foldedChart(full, inPlay);
    const ids = new Set(c.states.map((s) => s.id));
    for (const id of ['avoidBattle', 'withdrawal', 'siegeBreak']) {
      expect(c.states.filter((s) => s.machine === id).map((s) => [s.id, s.tags])).toEqual([[id, ['folded']]]);
      expect(
        c.edges.some((e) => e.kind === 'invoke' && e.to === id),
        id,
      ).toBe(true);
      expect(
        c.edges.some((e) => e.kind === 'return' && e.from === id),
        id,
      ).toBe(true);
    }
    // The procedures in play and the movement machine are drawn in full, every edge between drawn states.
    for (const s of full.states.filter((x) => x.machine === 'movement' || inPlay.has(x.machine)))
      expect(ids.has(s.id), s.id).toBe(true);
    for (const e of c.edges) {
      if (e.from !== undefined) expect(ids.has(e.from), `${e.from} → ${e.to}`).toBe(true);
      expect(ids.has(e.to), `→ ${e.to}`).toBe(true);
      if (e.invokedBy !== undefined) expect(ids.has(e.invokedBy), e.invokedBy).toBe(true);
    }
    const keys = c.edges.map((e) => `${e.from ?? ''}>${e.to}>${e.kind}>${e.invokedBy ?? ''}`);
    const folded = keys.filter((k) => /(^|>)(avoidBattle|withdrawal|siegeBreak)>/.test(k));
    expect(new Set(folded).size).toBe(folded.length);
    expect(c.machines.map((m) => m.id)).toEqual(
      full.machines.map((m) => m.id).filter((id) => id === 'movement' || inPlay.has(id)),
    );
    // Folding to every machine changes nothing.
    expect(foldedChart(full, new Set(full.machines.map((m) => m.id)))).toEqual(full);
  });
});
