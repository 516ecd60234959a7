// The game the page plays, shared with the test that checks what the page shows against the engine in Node: the
// worked example without its script, and the seed of its dice. Seed 4, with the interception from Graz and then the
// first answer offered each time, plays the book's course: the interception succeeds, the field battle is fought and
// the Hapsburgs win it (14).
import { parseScenario } from '../../../src/index.ts';
import vienna from '../../../examples/vienna-1517.json' with { type: 'json' };

const { events: _script, ...unscripted } = vienna;

export const scenario = parseScenario(unscripted);
export const SEED = 4;
