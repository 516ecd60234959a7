// Play mode's controls as markup (play-form.ts): what the reader sent stays in the form after a refusal, the refusal
// stands under what was sent, and no line claims more than the engine knows (any part legal, nothing refused).
import { describe, expect, test } from 'vitest';
import { parseScenario } from '../../src/index.ts';
import { replayModel } from '../../src/viz/walkthrough/model.ts';
import { eventFromForm, playControls, type PlayState } from '../../src/viz/walkthrough/play-form.ts';
import { VIENNA_TEXT } from './fixtures.ts';

const model = replayModel(parseScenario({ ...JSON.parse(VIENNA_TEXT), events: [] }), [], { seed: 1 });
const intercept = model.frames[0]!.pending!;

const refused: PlayState = {
  canUndo: false,
  error: {
    code: 'illegal',
    rule: '5.1',
    reason: { en: 'too many without a leader', ru: 'слишком много без командующего' },
  },
  sent: {
    kind: 'form',
    values: new Map([
      ['from', ['graz']],
      ['regulars', ['6']],
    ]),
  },
};

describe('the partial-answer form', () => {
  test('[5.1] after a refusal it shows what was sent: 6 regulars, Charles V unchecked; the refusal before the refused list', () => {
    const markup = playControls(model, intercept, 'en', refused).text;
    expect(markup).toContain('name="regulars" min="0" max="8" value="6"');
    expect(markup).toMatch(/value="charles-v">/);
    expect(markup).not.toMatch(/value="charles-v" checked/);
    expect(markup.indexOf('class="error"')).toBeLessThan(markup.indexOf('<h5>Refused answers</h5>'));
    expect(markup).not.toMatch(/Any part of it is legal|No answer is refused/);
    // What the form shows is what it sends again.
    expect(eventFromForm(intercept, refused.sent!.kind === 'form' ? refused.sent!.values : new Map())).toEqual({
      type: 'intercept.declare',
      power: 'hapsburg',
      from: 'graz',
      regulars: 6,
      leaders: [],
    });
  });

  test('[13.2 step 1] without a refusal it offers every unit and leader of the space', () => {
    const markup = playControls(model, intercept, 'en', { canUndo: false, error: null }).text;
    expect(markup).toContain('name="regulars" min="0" max="8" value="8"');
    expect(markup).toMatch(/value="charles-v" checked/);
    expect(markup).toContain('the engine checks it and names the rule if it refuses it');
  });

  test('[13.2 step 2] typed dice that were refused stay in the field', () => {
    const roll = {
      ...intercept,
      kind: 'roll' as const,
      roll: { dice: 2, purpose: 'interception', modifiers: [], target: 9 },
    };
    const markup = playControls(model, roll as never, 'ru', {
      canUndo: true,
      error: { code: 'bad-dice', reason: { en: 'two dice', ru: 'два кубика' } },
      sent: { kind: 'dice', text: '3' },
    }).text;
    expect(markup).toContain('name="dice" inputmode="numeric" autocomplete="off" value="3"');
    expect(markup).toContain('Ваш ответ отклонён');
  });
});
