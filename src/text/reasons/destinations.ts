// Why a destination of avoid battle (13.3), retreat (14.1) or a broken siege (15.3) is refused: the restrictions
// these procedures share (src/rules/destinations.ts).
import type { AdjacentFacts, ControlledFacts, DestinationFacts, LandSpaceFacts } from '../../rules/destinations.ts';
import { capitalize, inSpace, powerGen, powerName, powerWith, ruFormOf, spaceName } from '../names.ts';
import { cite } from '../rules.ts';
import { msg, type Text } from '../text.ts';
import type { NameSource } from './types.ts';

export function landSpaceReason(_w: NameSource, { to, seaZone }: LandSpaceFacts): Text {
  return seaZone
    ? msg(
        'reason.destinations.landSpaceReason',
        '{to} is a sea zone: land units may not go into a sea zone.',
        '{to} — морская зона: сухопутные части не могут уходить в морскую зону.',
        { to },
      )
    : msg(
        'reason.destinations.landSpaceReason.2',
        "There is no land space ''{to}' on this board.",
        'На этой карте нет сухопутной области «{to}».',
        { to },
      );
}

export function adjacentReason(world: NameSource, { from, to }: AdjacentFacts): Text {
  const f = spaceName(world, from),
    t = spaceName(world, to);
  return from === to
    ? msg(
        'reason.destinations.adjacentReason.same',
        '{t} is not adjacent to {f}.',
        '{t} — та же область, которую нужно покинуть.',
        { t, f },
      )
    : msg('reason.destinations.adjacentReason', '{t} is not adjacent to {f}.', '{t} и {f} не прилегают друг к другу.', {
        t,
        f,
      });
}

export function notIndependentReason(world: NameSource, { to }: DestinationFacts): Text {
  const t = spaceName(world, to);
  return msg('reason.destinations.notIndependentReason', '{t} is an independent space.', '{t} — независимая область.', {
    t,
  });
}

export function friendlyReason(world: NameSource, { power, to, controller }: ControlledFacts): Text {
  const t = spaceName(world, to),
    c = powerName(controller),
    p = powerName(power);
  return msg(
    'reason.destinations.friendlyReason',
    '{t} is controlled by {c}, who is not an ally of {p}.',
    '{t} под контролем {powerGen}, {controllerForm, select, pl {которые не состоят} n {которое не состоит} other {которая не состоит}} в союзе с {powerWith}.',
    { t, c, p, powerGen: powerGen(controller), controllerForm: ruFormOf(controller), powerWith: powerWith(power) },
  );
}

export function notInUnrestReason(world: NameSource, { to }: DestinationFacts): Text {
  const t = spaceName(world, to),
    r = cite('12.4');
  return msg('reason.destinations.notInUnrestReason', '{t} is in unrest ({r}).', '{capitalize} беспорядки ({r}).', {
    t,
    r,
    capitalize: capitalize(inSpace(world, to).ru),
  });
}

export function freeOfEnemyReason(world: NameSource, { to }: DestinationFacts): Text {
  const t = spaceName(world, to);
  return msg(
    'reason.destinations.freeOfEnemyReason',
    '{t} contains enemy land units.',
    '{capitalize} стоят вражеские сухопутные части.',
    { t, capitalize: capitalize(inSpace(world, to).ru) },
  );
}
