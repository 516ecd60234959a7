// What a careless or hostile host sends about cards (rulings R26, R30, R32, R33): a Gout mark that names no leader of
// the scenario, and a card played with another card's choice. Each is refused with its path and its ruling, never
// accepted into a session, a result or a save.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createSession } from '../../src/engine/session.ts';
import { RestoreError, restoreSession } from '../../src/engine/save.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import { issuesOf } from '../helpers/fixtures.ts';

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8')) as ScenarioInput & {
    events?: unknown[];
  };

describe('a refusal explains itself: impulse marks (ruling R26)', () => {
  const withGout = (gout: unknown) => {
    const s = example('vienna-1517.json');
    return { ...s, impulse: { power: 'ottoman', cp: 1, gout } } as ScenarioInput;
  };

  test('[ruling R26] a Gout mark naming no army leader of the scenario is a scenario error at its path', () => {
    expect(issuesOf(withGout(['nobody']))).toEqual([
      { path: 'impulse.gout[0]', message: expect.stringMatching(/unknown army leader 'nobody'.*ruling R26/) },
    ]);
  });

  test('[ruling R26] a leader struck by Gout is listed once', () => {
    expect(issuesOf(withGout(['ferdinand', 'ferdinand']))).toEqual([
      { path: 'impulse.gout[1]', message: expect.stringContaining('ruling R26') },
    ]);
  });

  test('[ruling R26] a result position with a Gout mark parses again', () => {
    const s = example('foul-weather.json');
    delete s.events;
    const session = createSession(parseScenario({ ...s, hands: { france: ['gout'] } }), { seed: 1 });
    const play =
      session.pending?.kind === 'card' ? session.pending.options.find((o) => o.event.type === 'card.play') : undefined;
    expect(play?.event).toMatchObject({ card: 'gout', leader: expect.any(String) });
    expect(session.send(play!.event).ok).toBe(true);
    const position = session.result?.position;
    expect(position?.impulse.gout).toHaveLength(1);
    expect(() => parseScenario(position)).not.toThrow();
  });
});

describe('a refusal explains itself: a card played with a choice its card does not make (rulings R26, R30, R32)', () => {
  const cards = example('vienna-1517-cards.json');
  const events = cards.events!;
  const { events: _events, ...scenario } = cards;
  /** The session of the cards example at its n-th card decision (0: Field Artillery, 2: Janissaries). */
  const at = (n: number) => {
    const s = createSession(parseScenario(scenario), { seed: 1 });
    const plays = events.filter((e) => (e as { type: string }).type === 'card.play');
    for (const e of events) {
      if (e === plays[n]) return { s, play: e as Record<string, unknown> };
      expect(s.sendUntrusted(e).ok).toBe(true);
    }
    throw new Error('no such play');
  };
  const choices: Record<string, unknown> = {
    leader: 'suleiman',
    placements: [{ space: 'vienna', mercenaries: 2 }],
    eliminations: [{ space: 'vienna', power: 'hapsburg', mercenaries: 2 }],
    option: 'extra-dice',
    count: 3,
  };

  test.each([
    [0, 'leader', 'R26'],
    [0, 'placements', 'R32'],
    [0, 'eliminations', 'R32'],
    [1, 'leader', 'R26'],
    [1, 'placements', 'R32'],
    [2, 'option', 'R30'],
    [2, 'leader', 'R26'],
    [2, 'count', 'none: an unknown key'],
  ])(
    '[rulings R26, R30, R32] play %i with %s is refused naming the field (ruling %s); nothing is saved',
    (n, field, ruling) => {
      const { s, play } = at(n);
      const before = JSON.stringify(s.save());
      const r = s.sendUntrusted({ ...play, [field]: choices[field] });
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid-event', path: field === 'count' ? '' : field } });
      if (!r.ok) {
        // The ruling is a field of the refusal too, for a host to act on without reading the words.
        expect(r.error.ruling).toBe(field === 'count' ? undefined : ruling);
        expect(r.error.message).toContain(field === 'count' ? 'Unrecognized key' : `ruling ${ruling}`);
        expect(r.error.reason.ru).not.toMatch(/[a-z]{4,} [a-z]{4,}/);
      }
      expect(JSON.stringify(s.save())).toBe(before);
      expect(s.sendUntrusted(play).ok).toBe(true);
    },
  );

  test('[ruling R26] Foul Weather and Gout take only their own choices at 13.1 step 4', () => {
    const s = example('foul-weather.json');
    delete s.events;
    const session = createSession(parseScenario({ ...s, hands: { hapsburg: ['foul-weather'], france: ['gout'] } }), {
      seed: 1,
    });
    const d = session.pending;
    expect(d?.kind).toBe('card');
    const play = d?.kind === 'card' ? d.options.find((o) => o.event.type === 'card.play')?.event : undefined;
    expect(play).toBeDefined();
    const card = (play as { card: string }).card;
    for (const field of ['option', 'placements', card === 'gout' ? 'eliminations' : 'leader'])
      expect(session.sendUntrusted({ ...play, [field]: choices[field] })).toMatchObject({
        ok: false,
        error: { code: 'invalid-event', path: field },
      });
  });

  test('[rulings R26, R30, R32] a scenario script or a save with such a play is refused with its path', () => {
    const bad: unknown[] = [...events];
    bad[2] = { ...(bad[2] as object), leader: 'suleiman' };
    expect(issuesOf({ ...scenario, events: bad })).toEqual([
      { path: 'events[2].leader', message: expect.stringContaining('ruling R26') },
    ]);
    const { s } = at(1);
    const save = JSON.parse(JSON.stringify(s.save())) as { events: { event: Record<string, unknown> }[] };
    save.events[2]!.event.option = 'fewer-dice';
    expect(() => restoreSession(save)).toThrow(RestoreError);
    expect(() => restoreSession(save)).toThrow(/option.*ruling R30/);
  });

  test('[rulings R26, R30, R32] whatever choices come with a play, an accepted one carries only its card’s', () => {
    const { s, play } = at(0);
    const base = JSON.stringify(s.save());
    fc.assert(
      fc.property(
        fc.subarray(Object.keys(choices), { minLength: 1 }),
        fc.constantFrom('field-artillery', 'tercios', 'janissaries', 'gout', 'landsknechts'),
        (fields, card) => {
          const event = { ...play, card, ...Object.fromEntries(fields.map((f) => [f, choices[f]])) };
          const r = s.sendUntrusted(event);
          if (r.ok) {
            const saved = s.save().events.at(-1)!.event as Record<string, unknown>;
            s.undo();
            return card === 'tercios' && fields.every((f) => f === 'option') && saved.option === 'extra-dice';
          }
          return JSON.stringify(s.save()) === base;
        },
      ),
      { seed: 7, numRuns: 100 },
    );
  });
});

describe('a refusal explains itself: the mercenary cards at 14 step 1 (ruling R32)', () => {
  test.each([
    ['hapsburg', 'eliminations'],
    ['ottoman', 'placements'],
  ])('[14 step 1, ruling R32] the %s Landsknechts with an empty %s list is refused, not saved', (power, field) => {
    const s = example('vienna-1517.json');
    delete s.events;
    const scenario = {
      ...s,
      hands: { [power]: ['landsknechts'] },
      stacks: [...(s.stacks ?? []), { space: 'linz', power: 'hapsburg', regulars: 1, mercenaries: 2 }],
    } as ScenarioInput;
    const session = createSession(parseScenario(scenario), { seed: 1 });
    for (let i = 0; i < 30 && session.pending; i++) {
      const d = session.pending;
      const play = d.kind === 'card' ? d.options.find((o) => o.event.type === 'card.play')?.event : undefined;
      if (play) {
        const r = session.sendUntrusted({ ...play, [field]: [] });
        expect(r).toMatchObject({ ok: false, error: { code: 'illegal', rule: '14 step 1', ruling: 'R32' } });
        expect(session.sendUntrusted(play).ok).toBe(true);
        expect(session.save().events.at(-1)?.event).toEqual(play);
        return;
      }
      expect((d.kind === 'roll' ? session.roll() : session.send(d.options[0]!.event)).ok).toBe(true);
    }
    throw new Error('no Landsknechts decision');
  });
});
