// Why a destination of avoid battle (13.3), retreat (14.1) or a broken siege (15.3) is refused: the restrictions
// these procedures share (src/rules/destinations.ts).
import type { AdjacentFacts, ControlledFacts, DestinationFacts, LandSpaceFacts } from '../../rules/destinations.ts';
import { capitalize, inSpace, powerGen, powerName, powerWith, ruAgree, spaceName } from '../names.ts';
import { cite } from '../rules.ts';
import { text, type Text } from '../text.ts';
import type { NameSource } from './types.ts';

export function landSpaceReason(_w: NameSource, { to, seaZone }: LandSpaceFacts): Text {
  return seaZone
    ? text(
        `${to} is a sea zone: land units may not go into a sea zone.`,
        `${to} — морская зона: сухопутные части не могут уходить в морскую зону.`,
      )
    : text(`There is no land space '${to}' on this board.`, `На этой карте нет сухопутной области «${to}».`);
}

export function adjacentReason(world: NameSource, { from, to }: AdjacentFacts): Text {
  const f = spaceName(world, from),
    t = spaceName(world, to);
  return text(
    `${t.en} is not adjacent to ${f.en}.`,
    from === to ? `${t.ru} — та же область, которую нужно покинуть.` : `${t.ru} и ${f.ru} не прилегают друг к другу.`,
  );
}

export function notIndependentReason(world: NameSource, { to }: DestinationFacts): Text {
  const t = spaceName(world, to);
  return text(`${t.en} is an independent space.`, `${t.ru} — независимая область.`);
}

export function friendlyReason(world: NameSource, { power, to, controller }: ControlledFacts): Text {
  const t = spaceName(world, to),
    c = powerName(controller),
    p = powerName(power);
  const which = ruAgree(controller, 'которые не состоят', 'которая не состоит', 'которое не состоит');
  return text(
    `${t.en} is controlled by ${c.en}, who is not an ally of ${p.en}.`,
    `${t.ru} под контролем ${powerGen(controller).ru}, ${which} в союзе с ${powerWith(power).ru}.`,
  );
}

export function notInUnrestReason(world: NameSource, { to }: DestinationFacts): Text {
  const t = spaceName(world, to),
    r = cite('12.4');
  return text(`${t.en} is in unrest (${r.en}).`, `${capitalize(inSpace(world, to).ru)} беспорядки (${r.ru}).`);
}

export function freeOfEnemyReason(world: NameSource, { to }: DestinationFacts): Text {
  const t = spaceName(world, to);
  return text(
    `${t.en} contains enemy land units.`,
    `${capitalize(inSpace(world, to).ru)} стоят вражеские сухопутные части.`,
  );
}
