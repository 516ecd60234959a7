// Hands (ruling R33): the scenario lists, per major power, the cards of ruling R14 it holds; each card exists once, a
// home card is its power's (6.1), an id outside ruling R14 is refused naming it, and a card whose window the engine
// does not run yet is refused as not supported (ruling R14). A result position carries the hands and parses again.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CARD_IDS, CARDS } from '../../src/data/cards.ts';
import { createSession } from '../../src/engine/session.ts';
import { parseScenario } from '../../src/engine/scenario.ts';
import { SUPPORTED_CARDS } from '../../src/rules/cards.ts';
import type { ScenarioInput } from '../../src/schema/scenario.ts';
import { issuesOf } from '../helpers/fixtures.ts';

const EXAMPLE = JSON.parse(
  readFileSync(new URL('../../examples/vienna-1517.json', import.meta.url), 'utf8'),
) as ScenarioInput;
const withHands = (hands: unknown) => ({ ...EXAMPLE, hands }) as ScenarioInput;

describe('hands (ruling R33)', () => {
  test('[ruling R14] the ten cards have their numbers and names in both languages', () => {
    expect(CARD_IDS).toHaveLength(10);
    expect(Object.fromEntries(CARD_IDS.map((id) => [id, CARDS[id].number]))).toEqual({
      'foul-weather': 31,
      gout: 32,
      landsknechts: 33,
      'swiss-mercenaries': 36,
      arquebusiers: 24,
      'field-artillery': 25,
      'mercenaries-bribed': 26,
      'surprise-attack': 29,
      tercios: 30,
      janissaries: 1,
    });
    for (const id of CARD_IDS) expect(CARDS[id].name.ru).not.toBe(CARDS[id].name.en);
  });

  test('[ruling R14] a card id outside the procedures is a scenario error naming the ruling', () => {
    const issues = issuesOf(withHands({ hapsburg: ['siege-artillery'] }));
    expect(issues).toEqual([{ path: 'hands.hapsburg[0]', message: expect.stringContaining('ruling R14') }]);
    expect(issues[0]!.message).toContain("'siege-artillery'");
  });

  test('[ruling R33] a hand belongs to a major power', () => {
    expect(issuesOf(withHands({ hungary: [] }))[0]!.path).toBe('hands');
  });

  test('[ruling R14, ruling R28] every card of ruling R14 is played since Surprise Attack is: none is refused as not supported', () => {
    expect(CARD_IDS.filter((c) => !SUPPORTED_CARDS.includes(c))).toEqual([]);
  });

  test.each(SUPPORTED_CARDS)('[ruling R33] %s may be held', (card) => {
    const power = CARDS[card].home ?? 'hapsburg';
    expect(parseScenario(withHands({ [power]: [card] })).world.position.hands).toEqual({ [power]: [card] });
  });

  test('[ruling R33] each card exists once, and a home card is its own power’s (6.1)', () => {
    const messages = issuesOf(withHands({ hapsburg: ['janissaries', 'gout'], france: ['gout'] })).map(
      (i) => `${i.path}: ${i.message}`,
    );
    expect(messages).toContainEqual(expect.stringMatching(/^hands\.hapsburg\[0\]: Janissaries \(#1\) is the Ottoman home card/));
    expect(messages).toContainEqual(expect.stringMatching(/^hands\.france\[0\]: Gout \(#32\) is already held \(hands\.hapsburg\[1\]\)/));
  });

  test('a scenario without hands parses as before, and its result carries empty hands that parse again', () => {
    const scenario = parseScenario(EXAMPLE);
    expect(scenario.world.position.hands).toEqual({});
    const session = createSession(scenario);
    for (const e of EXAMPLE.events ?? []) expect(session.sendUntrusted(e).ok).toBe(true);
    const end = session.result!.position;
    expect(end.hands).toEqual({});
    expect(parseScenario(end).world.position.hands).toEqual({});
  });
});
