// The committed diagrams are the machines' own: a test fails when visualizations/ is stale.
import { describe, expect, test } from 'vitest';
import { MACHINES, type MachineId } from '../../machines/index.ts';
import { chart, diagram } from '../../src/viz/diagram.ts';
import { staleFiles } from '../../scripts/viz.ts';

describe('diagrams', () => {
  test('visualizations/ matches the machines (npm run viz)', () => {
    expect(staleFiles()).toEqual([]);
  });

  test.for(Object.keys(MACHINES) as MachineId[])('[13.1] %s: every state and every transition is drawn, with guard rules', (id) => {
    const machine = MACHINES[id];
    const c = chart(id, machine);
    expect(c.nodes.map((n) => n.id)).toEqual(Object.keys(machine.root.states));
    const text = diagram(id, machine, 'mermaid');
    for (const n of c.nodes) expect(text).toContain(`as ${n.id}`);
    for (const e of c.edges) {
      expect(text).toContain(`${e.from} --> ${e.to}`);
      if (e.guard) expect(e.rule, `${id}: guard ${e.guard}`).toBeTruthy();
    }
    expect(diagram(id, machine, 'dot')).toMatch(new RegExp(`^digraph ${id} \\{`));
  });

  test('[13.2] the interception chart shows the decision, the roll and the guard with its rule', () => {
    const text = diagram('interception', MACHINES.interception, 'mermaid');
    expect(text).toContain('awaitingInterception --> rollingInterception : intercept.declare [isLegalInterception 13.2] / declareInterception');
    expect(text).toContain('class awaitingInterception decision');
    expect(text).toContain('class rollingInterception roll');
  });

  test('[13.1] the movement chart names the machines it invokes', () => {
    const text = diagram('movement', MACHINES.movement, 'mermaid');
    for (const child of ['interception', 'avoidBattle', 'withdrawal', 'fieldBattle', 'retreat']) expect(text).toContain(`⇒ ${child}`);
  });
});
