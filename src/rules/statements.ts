// RULES.md §7: every testable statement of the procedures, with its rule reference, copied into the project so
// that tests can check each one is covered (test/rules/statements.test.ts). Out-of-scope statements name the ruling
// that leaves them out (ruling R14).

export interface Statement {
  readonly id: string;
  readonly text: string;
  readonly ref: string;
}

const LISTED: readonly Statement[] = [
  {
    id: 'MOV-01',
    text: 'Moving a formation along a normal connection costs exactly 1 CP.',
    ref: '13, 13.1 step 3, 11.1',
  },
  {
    id: 'MOV-02',
    text: 'Moving a formation along a pass connection costs exactly 2 CP.',
    ref: '2.5, 13.1 step 3, 11.1',
  },
  { id: 'MOV-03', text: 'One Move action moves one formation into one adjacent space.', ref: '13.1 steps 1–2' },
  { id: 'MOV-04', text: 'All land units and leaders in a Move action start in the same space.', ref: '13.1' },
  { id: 'MOV-05', text: 'With no leader in the formation at most 4 land units may move.', ref: '5.1' },
  {
    id: 'MOV-06',
    text: "With exactly one leader at most that leader's command rating of land units may move.",
    ref: '5.1',
  },
  {
    id: 'MOV-07',
    text: 'With two or more leaders the limit is the sum of the two highest command ratings present.',
    ref: '5.1',
  },
  { id: 'MOV-08', text: 'Army leaders are never counted against the formation size limit.', ref: '5.1' },
  {
    id: 'MOV-09',
    text: 'Suleiman (12) + Ibrahim (6) may move 18 land units; Suleiman alone 12; Ibrahim alone 6; no leader 4.',
    ref: '5.1',
  },
  { id: 'MOV-10', text: 'A formation may not contain units of two different major powers.', ref: '5.1' },
  {
    id: 'MOV-11',
    text: "A formation may combine a major power's units with units of a minor power actively allied to it.",
    ref: '5.1, 22.3',
  },
  {
    id: 'MOV-12',
    text: 'Entering an own-controlled or independent space is always allowed (subject to occupancy rules).',
    ref: '13.1',
  },
  {
    id: 'MOV-13',
    text: 'Entering a space controlled by another power requires being at war with or allied to its controller.',
    ref: '13.1',
  },
  {
    id: 'MOV-14',
    text: "Entering a space with another power's land units is illegal unless one of the four §13.1 occupancy conditions holds.",
    ref: '13.1',
  },
  { id: 'MOV-15', text: 'Entering a fortified space where one ally besieges another ally is illegal.', ref: '13.1' },
  { id: 'MOV-16', text: 'Entering a fortified space where one enemy besieges another enemy is illegal.', ref: '13.1' },
  {
    id: 'MOV-17',
    text: "Entering an enemy-controlled space holding only that enemy's and its allies' units is legal; those units are treated as enemy.",
    ref: '13.1',
  },
  {
    id: 'MOV-18',
    text: 'Entering a besieged space is legal if inside = all allies and besiegers = all enemies, or inside = all enemies and besiegers = all allies.',
    ref: '13.1',
  },
  { id: 'MOV-19', text: 'Independent regulars in an independent key never block entry.', ref: '13.1, 22.6' },
  {
    id: 'MOV-20',
    text: 'A unit/leader of a formation that lost a field battle earlier this impulse cannot join a Move action.',
    ref: '13.1',
  },
  {
    id: 'MOV-21',
    text: 'A unit/leader in an enemy fortified space its power besieged earlier this impulse cannot join a Move action.',
    ref: '13.1',
  },
  {
    id: 'MOV-22',
    text: 'Leaders may move without land units, but not into enemy-controlled or enemy-occupied spaces.',
    ref: '13.1',
  },
  {
    id: 'MOV-23',
    text: 'A leader alone in an unfortified space is captured when enemy land units enter it by movement, retreat or interception.',
    ref: '13.1',
  },
  { id: 'MOV-24', text: "A captured leader is placed on the capturing power's card.", ref: '13.1, 14 step 10' },
  {
    id: 'MOV-25',
    text: 'Procedure order is declare → destination → pay CP → response cards → interceptions → avoid battle → withdraw → field battle.',
    ref: '13.1',
  },
  { id: 'MOV-26', text: 'Foul Weather / Gout can only be played at step 4, after CP are spent.', ref: '13.1 step 4' },
  {
    id: 'MOV-27',
    text: 'The moving formation is placed in the destination only after all interception attempts are resolved.',
    ref: '13.1 step 5',
  },
  {
    id: 'MOV-28',
    text: 'If any interception succeeded, avoid battle (step 6) and withdrawal (step 7) are skipped.',
    ref: '13.1 step 5, 13.2 step 5',
  },
  {
    id: 'MOV-29',
    text: 'A field battle happens at step 8 only if enemy land units remain in the space outside fortifications.',
    ref: '13.1 step 8',
  },
  {
    id: 'MOV-30',
    text: 'A move into a space with no enemy land units ends without a battle and without a change of control.',
    ref: '13.1, 12.2',
  },
  {
    id: 'MOV-31',
    text: 'Before the Schmalkaldic League, non-Protestant units may not move or retreat into an electorate.',
    ref: '21.6',
  },
  { id: 'MOV-32', text: 'Before the Schmalkaldic League, Protestant military units cannot move.', ref: '21.6' },
  { id: 'MOV-33', text: 'Units of an inactive minor power never move.', ref: '22.1' },
  { id: 'INT-01', text: 'Only land units/leaders of a power at war with the active power may intercept.', ref: '13.2' },
  { id: 'INT-02', text: 'Independent units never intercept.', ref: '2.2' },
  { id: 'INT-03', text: 'Inactive minor-power units never intercept.', ref: '22.1' },
  { id: 'INT-04', text: "An interceptor must be in a space adjacent to the Move's destination.", ref: '13.2' },
  { id: 'INT-05', text: 'No interception across a pass connection.', ref: '13.2, 2.5' },
  {
    id: 'INT-06',
    text: 'Formations moving by avoid battle, interception or retreat cannot be intercepted.',
    ref: '13.2',
  },
  {
    id: 'INT-07',
    text: 'A unit/leader that already attempted an interception this impulse cannot attempt again this impulse, whatever the result.',
    ref: '13.2',
  },
  { id: 'INT-08', text: 'Besieged units/leaders cannot intercept.', ref: '13.2, 15' },
  {
    id: 'INT-09',
    text: 'When besiegers move out, the formerly besieged stack cannot intercept that move.',
    ref: '13.2',
  },
  {
    id: 'INT-10',
    text: 'The intercepting group must come from one space and be a legal single formation (size limit applies).',
    ref: '13.2',
  },
  {
    id: 'INT-11',
    text: 'A move into a friendly fortified space that is not under siege cannot be intercepted.',
    ref: '13.2',
  },
  {
    id: 'INT-12',
    text: 'If the destination already has land units, only their power or its allies may intercept into it.',
    ref: '13.2',
  },
  {
    id: 'INT-13',
    text: 'If the destination already has land units and units are under siege there at the start of the move, no interception is allowed.',
    ref: '13.2 (location inferred, see §10)',
  },
  {
    id: 'INT-14',
    text: 'Interceptors may not enter a space controlled by a power that is neither their enemy nor their ally.',
    ref: '13.2',
  },
  {
    id: 'INT-15',
    text: 'Units of several powers adjacent to the destination attempt in impulse order (Ott, Hap, Eng, Fra, Pap, Pro).',
    ref: '13.2, 3.2',
  },
  { id: 'INT-16', text: 'After one power succeeds, no other power may attempt, even its ally.', ref: '13.2 step 3' },
  {
    id: 'INT-17',
    text: 'After a success, the successful power may still attempt from other adjacent spaces.',
    ref: '13.2, step 4',
  },
  { id: 'INT-18', text: 'Each adjacent space may provide at most one attempt per Move action.', ref: '13.2 step 4' },
  { id: 'INT-19', text: 'Each attempt is announced and fully resolved before the next is announced.', ref: '13.2' },
  { id: 'INT-20', text: 'The intercepting formation need not include every unit in its space.', ref: '13.2 step 1' },
  {
    id: 'INT-21',
    text: 'Intercept total = 2d6 + best single battle rating among leaders in the intercepting formation (0 if none).',
    ref: '13.2 step 2',
  },
  {
    id: 'INT-22',
    text: 'The Ottoman adds +1 if the intercepting formation contains at least one cavalry.',
    ref: '13.2 step 2',
  },
  {
    id: 'INT-23',
    text: 'A non-Ottoman power subtracts 1 when intercepting a moving stack that contains Ottoman cavalry.',
    ref: '13.2 step 2',
  },
  { id: 'INT-24', text: 'The interception succeeds iff the modified total is ≥ 9.', ref: '13.2 step 2' },
  {
    id: 'INT-25',
    text: 'Successful interceptors are placed in the destination and treated as already there before the mover arrived (they defend).',
    ref: '13.2 step 3, 14 step 3',
  },
  { id: 'INT-26', text: 'Failed interceptors stay where they were.', ref: '13.2 step 3 (inferred)' },
  {
    id: 'INT-27',
    text: 'After a successful interception, all units of the intercepting power fight; none may avoid battle or withdraw.',
    ref: '13.2 step 5',
  },
  {
    id: 'INT-28',
    text: "Leaders' battle ratings are not summed for the roll — only the best one counts.",
    ref: '13.2 step 2',
  },
  { id: 'AVB-01', text: 'Avoid battle is always optional.', ref: '13.3' },
  {
    id: 'AVB-02',
    text: 'Avoid battle happens only at step 6, i.e. only when no interception succeeded.',
    ref: '13.1 step 5–6',
  },
  {
    id: 'AVB-03',
    text: 'With several allied major powers in the destination, each attempts separately in impulse order.',
    ref: '13.3',
  },
  {
    id: 'AVB-04',
    text: 'Minor-power allies avoid battle together with their major ally, not separately.',
    ref: '13.3',
  },
  {
    id: 'AVB-05',
    text: 'The avoid destination must be adjacent; a pass connection is allowed.',
    ref: '13.3 step 2, 2.5',
  },
  { id: 'AVB-06', text: 'Not into an independent space.', ref: '13.3' },
  {
    id: 'AVB-07',
    text: 'Not into a space controlled by another power unless it is an ally of the avoiding power.',
    ref: '13.3',
  },
  { id: 'AVB-08', text: 'Not into a space in unrest.', ref: '13.3, 12.4' },
  { id: 'AVB-09', text: 'Not into a space containing enemy units.', ref: '13.3' },
  { id: 'AVB-10', text: 'Not into a sea zone.', ref: '13.3' },
  { id: 'AVB-11', text: 'Not into the space the enemy formation just moved from.', ref: '13.3' },
  { id: 'AVB-12', text: 'Besieged units/leaders cannot avoid battle.', ref: '13.3, 15' },
  {
    id: 'AVB-13',
    text: 'A power whose units intercepted into the battle space this Move cannot avoid battle.',
    ref: '13.3',
  },
  {
    id: 'AVB-14',
    text: 'A leader alone cannot avoid battle; he is captured in an unfortified space and must withdraw inside in a fortified one.',
    ref: '13.3',
  },
  { id: 'AVB-15', text: 'The avoiding group may exceed the formation size limit.', ref: '13.3 step 3' },
  {
    id: 'AVB-16',
    text: 'Any subset may avoid; a leader may avoid by himself if land units are left behind.',
    ref: '13.3 step 3',
  },
  { id: 'AVB-17', text: "All units of one power's attempt go to the single designated space.", ref: '13.3 steps 2, 5' },
  {
    id: 'AVB-18',
    text: 'Avoid total = 2d6 + best battle rating among leaders in the departing stack.',
    ref: '13.3 step 4',
  },
  { id: 'AVB-19', text: 'The Ottoman adds +1 if the departing stack has at least one cavalry.', ref: '13.3 step 4' },
  {
    id: 'AVB-20',
    text: 'A non-Ottoman power subtracts 1 when avoiding a formation that contains Ottoman cavalry.',
    ref: '13.3 step 4',
  },
  { id: 'AVB-21', text: 'Avoid battle succeeds iff the modified total is ≥ 9.', ref: '13.3 step 4' },
  {
    id: 'AVB-22',
    text: 'If every unit in the avoiding group already lost a field battle this impulse, the avoid succeeds with no roll.',
    ref: '13.3 step 4',
  },
  {
    id: 'AVB-23',
    text: 'Units that failed to avoid stay in the destination and go on to step 7/8.',
    ref: '13.1, 13.3 (inferred)',
  },
  { id: 'AVB-24', text: 'Units avoiding battle cannot be intercepted.', ref: '13.2' },
  { id: 'AVB-25', text: 'Inactive minor-power units never avoid battle.', ref: '22.1' },
  { id: 'AVB-26', text: 'Avoiding battle out of a besieging stack can break that siege.', ref: '15.3' },
  {
    id: 'WDR-01',
    text: 'Withdrawal is possible only at step 7, i.e. only when no interception succeeded.',
    ref: '13.1',
  },
  { id: 'WDR-02', text: 'The destination must be a fortified space (key, electorate or fortress).', ref: '13.4, 2.1' },
  { id: 'WDR-03', text: 'The destination must be controlled by the defending power or its ally.', ref: '13.4' },
  {
    id: 'WDR-04',
    text: 'At most 4 land units may be present (any number of leaders) after interception and avoid battle.',
    ref: '13.4',
  },
  { id: 'WDR-05', text: 'Withdrawal is optional.', ref: '13.4' },
  {
    id: 'WDR-06',
    text: 'If the stack withdraws, all its units go in together (no partial withdrawal at step 7).',
    ref: '13.4',
  },
  { id: 'WDR-07', text: 'With several defending powers, the power controlling the space decides.', ref: '13.4' },
  { id: 'WDR-08', text: 'After a withdrawal there is no field battle for this move.', ref: '13.4' },
  {
    id: 'WDR-09',
    text: 'If the moving formation has more units than are inside, the space becomes besieged.',
    ref: '13.4, 15',
  },
  {
    id: 'WDR-10',
    text: 'If it does not have more units, it may pay 1 CP (2 over a pass) to move on, if CP remain this impulse.',
    ref: '13.4 option 1',
  },
  {
    id: 'WDR-11',
    text: 'Otherwise it retreats, at no CP cost, to the space it came from, obeying §14.1 restrictions.',
    ref: '13.4 option 2',
  },
  {
    id: 'WDR-12',
    text: 'A formation that moved on under option 1 and is later forced to retreat back into that fortified space is eliminated.',
    ref: '13.4',
  },
  {
    id: 'WDR-13',
    text: 'An inactive minor stack of ≤ 4 land units always withdraws when its space is entered.',
    ref: '22.1',
  },
  {
    id: 'WDR-14',
    text: 'A lone leader in a fortified space being entered withdraws inside; an entering formation with ≥ 1 unit then besieges him.',
    ref: '13.3, 13.4, 15',
  },
  { id: 'FB-01', text: 'The active power is always the attacker.', ref: '14 step 2' },
  {
    id: 'FB-02',
    text: 'The interceptor, or the power whose stack was already in the destination, is always the defender.',
    ref: '14 step 3',
  },
  { id: 'FB-03', text: 'Landsknechts / Swiss Mercenaries may be played at step 1, attacker first.', ref: '14 step 1' },
  {
    id: 'FB-04',
    text: 'Attacker dice = land units in the moving formation + battle rating of its highest-rated leader.',
    ref: '14 step 2',
  },
  {
    id: 'FB-05',
    text: 'Defender dice = defending land units in the space + battle rating of the highest-rated defending leader + 1.',
    ref: '14 step 3',
  },
  { id: 'FB-06', text: 'Cavalry count as one die each in a field battle.', ref: '14 steps 2–3, 5.2' },
  { id: 'FB-07', text: 'Only the single highest battle rating on each side adds dice.', ref: '14 steps 2–3' },
  { id: 'FB-08', text: 'The attacker declares combat cards before the defender.', ref: '14 steps 4–5' },
  { id: 'FB-09', text: 'Each defending major power may play combat cards.', ref: '14 step 5' },
  { id: 'FB-10', text: 'Each die showing 5 or 6 is one hit.', ref: '14 step 6' },
  { id: 'FB-11', text: 'The Ottoman may play Janissaries after the roll, once per turn.', ref: '14 step 7' },
  { id: 'FB-12', text: 'The side with more hits wins; equal hits → defender wins.', ref: '14 step 8' },
  { id: 'FB-13', text: 'Each side loses one land unit per hit scored by the other side.', ref: '14 step 9' },
  {
    id: 'FB-14',
    text: 'Losses are taken simultaneously unless Surprise Attack was played.',
    ref: '14 steps 6, 9; card #29',
  },
  { id: 'FB-15', text: 'Each side chooses its own casualties.', ref: '14 step 9 + example (inferred)' },
  { id: 'FB-16', text: 'If both sides are eliminated, the side that rolled more dice keeps 1 unit.', ref: '14 step 9' },
  { id: 'FB-17', text: 'If both sides are eliminated with equal dice, the defender keeps 1 unit.', ref: '14 step 9' },
  {
    id: 'FB-18',
    text: 'Leaders of a side with no land units left are captured by the opposing power, even if that side won on hits.',
    ref: '14 step 10',
  },
  { id: 'FB-19', text: 'The losing side retreats per §14.1 unless it was wholly eliminated.', ref: '14 step 11' },
  {
    id: 'FB-20',
    text: 'The winner stays in the space; political control does not change from the battle alone.',
    ref: '14, 12.2, 12.3',
  },
  {
    id: 'FB-21',
    text: 'Battle in a fortified space won by the attacker → siege if attacker units > units inside, else the attacker retreats per §15.3.',
    ref: '14 step 12',
  },
  { id: 'FB-22', text: 'Units of the losing formation may not move again this impulse.', ref: '13.1' },
  { id: 'FB-23', text: 'The hit count decides the winner even if the winner ends with fewer units.', ref: '14 step 8' },
  {
    id: 'RET-01',
    text: 'All surviving units and leaders of the losing power must retreat (or withdraw where allowed).',
    ref: '14.1',
  },
  {
    id: 'RET-02',
    text: "In a fortified space controlled by the loser, up to 4 land units (owner's choice) and any number of leaders may withdraw inside.",
    ref: '14.1',
  },
  {
    id: 'RET-03',
    text: 'Partial withdrawal is allowed after a battle (unlike step 7); the rest retreat.',
    ref: '14.1 vs 13.4',
  },
  { id: 'RET-04', text: 'The retreating stack goes to a single adjacent space chosen by its owner.', ref: '14.1' },
  { id: 'RET-05', text: 'Not into a space in unrest.', ref: '14.1, 12.4' },
  { id: 'RET-06', text: 'Not into a space containing enemy units.', ref: '14.1' },
  { id: 'RET-07', text: 'Not into a sea zone.', ref: '14.1' },
  { id: 'RET-08', text: 'Not into an independent space or one controlled by a non-allied other power.', ref: '14.1' },
  { id: 'RET-09', text: 'A losing defender may not retreat into the space the attacker entered from.', ref: '14.1' },
  {
    id: 'RET-10',
    text: 'A losing attacker must retreat into the space it entered the battle from (no other choice).',
    ref: '14.1',
  },
  {
    id: 'RET-11',
    text: "If the attacker's entry space is itself illegal (e.g. enemy-controlled), the attacking stack is eliminated.",
    ref: '14.1 (literal reading)',
  },
  { id: 'RET-12', text: 'No legal retreat space → all units eliminated and leaders captured.', ref: '14.1' },
  { id: 'RET-13', text: 'Retreat is free and cannot be intercepted.', ref: '13.2, 13.4' },
  { id: 'RET-14', text: 'Retreat over a pass is allowed.', ref: '2.5' },
  {
    id: 'RET-15',
    text: 'A losing inactive minor stack does not retreat: up to 4 units go inside, the rest are eliminated.',
    ref: '22.1',
  },
  {
    id: 'RET-16',
    text: 'Losing a field battle at the end of a naval transport eliminates all transported units and captures their leaders.',
    ref: '16.3',
  },
  {
    id: 'SIE-01',
    text: 'Units that withdrew into a fortified space are besieged only if enemy land units there outnumber them.',
    ref: '15',
  },
  { id: 'SIE-02', text: 'Besieged land units cannot move, attack, intercept or avoid battle.', ref: '15' },
  { id: 'SIE-03', text: 'Naval units in a besieged port may still move.', ref: '15' },
  {
    id: 'SIE-04',
    text: 'Two allied powers may both besiege a space if each alone outnumbers the defenders.',
    ref: '15',
  },
  { id: 'SIE-05', text: 'No assault in the impulse the siege began (Roxelana excepted).', ref: '15.1' },
  {
    id: 'SIE-06',
    text: 'A siege breaks immediately when besiegers no longer outnumber defenders; cavalry count on both sides.',
    ref: '15.3',
  },
  {
    id: 'SIE-07',
    text: 'Broken besiegers retreat free to a legal adjacent space, else they are eliminated and their leaders captured.',
    ref: '15.3',
  },
  {
    id: 'SIE-08',
    text: 'A relief force may include same-power units from inside, even beyond the formation limit.',
    ref: '15.2',
  },
  { id: 'SIE-09', text: 'A relief force that wins breaks the siege; the besiegers retreat.', ref: '15.2' },
  {
    id: 'SIE-10',
    text: 'A relief force that loses on tied hits may put participants inside, never exceeding 4 units inside.',
    ref: '15.2',
  },
  {
    id: 'SIE-11',
    text: 'A relief force that loses with fewer hits: only units that started inside may go back in.',
    ref: '15.2',
  },
  {
    id: 'SIE-12',
    text: 'If the whole relief force is eliminated, its leaders are captured and there is no retreat.',
    ref: '15.2',
  },
  {
    id: 'SIE-13',
    text: 'A successful assault captures all besieged leaders and gives the attacker control.',
    ref: '15.1 step 10',
  },
  {
    id: 'SIE-14',
    text: 'A fortified space never holds more than 4 friendly land units inside.',
    ref: '2.1, 14.1, 15.2',
  },
];

/** The statements, frozen: a host that holds the list cannot change what the coverage reports read. */
export const STATEMENTS: readonly Statement[] = /* @__PURE__ */ frozenList(LISTED);

function frozenList(list: readonly Statement[]): readonly Statement[] {
  return Object.freeze(list.map((s) => Object.freeze(s)));
}

/**
 * Where a statement is enforced when no named restriction carries it: a machine step, a computation of the rules
 * layer, or nowhere because ruling R14 leaves it out of this release. Statements carried by a restriction are found
 * through the restrictions' own `statements` lists (src/rules/index.ts).
 */
export type Place =
  | { readonly kind: 'machine'; readonly where: string }
  | { readonly kind: 'rules'; readonly where: string }
  | { readonly kind: 'out-of-scope'; readonly why: string };

const machine = (where: string): Place => ({ kind: 'machine', where });
const rules = (where: string): Place => ({ kind: 'rules', where });
const outOfScope = (why: string): Place => ({ kind: 'out-of-scope', why });

export const STATEMENT_PLACES: Readonly<Record<string, Place>> = {
  'MOV-23': rules('settleLoneLeaders (capture.ts), run when a formation, interceptors, avoiders or a retreat arrive'),
  'MOV-24': rules('captureLeaders (capture.ts): the leader goes to `captured` with the capturing power'),
  'MOV-25': machine(
    'movement: payingCost → responseCards → checkingSiegesLeftBehind → intercepting → placingFormation → avoidingBattle → withdrawing → fighting',
  ),
  'MOV-27': machine('movement: placingFormation comes after the interception machine is done'),
  'MOV-28': machine(
    'movement: placingFormation goes to checkingBattle (step 8) when wasIntercepted, skipping avoidingBattle and withdrawing',
  ),
  'MOV-29': machine(
    'movement: checkingBattle fights only if hasEnemyLandUnitsOutside; withdrawal: checkingWithdrawal → battle only if hasDefendersOutside',
  ),
  'MOV-30': machine('withdrawal: no defenders and no siege check → the movement ends (afterWithdrawal → done)'),
  'INT-21': rules('interceptionModifiers and bestLeader (dice.ts)'),
  'INT-22': rules('interceptionModifiers (dice.ts): Ottoman +1 with cavalry'),
  'INT-23': rules('interceptionModifiers (dice.ts): −1 against Ottoman cavalry'),
  'INT-24': rules('isRollSuccess (dice.ts); interception guard wasInterceptionSuccessful'),
  'INT-25': rules(
    'placeInterceptors (procedures/interception.ts): placed in the destination; fieldBattle counts them as defenders',
  ),
  'INT-26': machine(
    'interception: resolvingInterception → checkingNextInterceptor without placeInterceptors on a failure',
  ),
  'INT-28': rules('bestLeader (dice.ts): the single best battle rating'),
  'AVB-01': machine('avoidBattle: awaitingAvoid always accepts avoid.decline'),
  'AVB-02': machine('movement: avoidingBattle is reached only from placingFormation without a successful interception'),
  'AVB-17': rules('placeAvoiders (procedures/avoid-battle.ts): the whole group goes to the one named space'),
  'AVB-18': rules('avoidModifiers and bestLeader (dice.ts)'),
  'AVB-19': rules('avoidModifiers (dice.ts): Ottoman +1 with cavalry'),
  'AVB-20': rules('avoidModifiers (dice.ts): −1 against Ottoman cavalry'),
  'AVB-21': rules('isRollSuccess (dice.ts); avoidBattle guard wasAvoidSuccessful'),
  'AVB-22': rules('isAutomaticAvoid (avoid-battle.ts); avoidBattle state checkingAutomaticAvoid'),
  'AVB-23': machine('avoidBattle: resolvingAvoid leaves the group in place on a failure; withdrawal and battle follow'),
  'AVB-26': machine('movement: checkingSiegesAfterAvoid runs the siegeBreak machine (15.3) once avoid battle is over'),
  'WDR-01': machine(
    'movement: withdrawing is reached only after avoidingBattle, never after a successful interception',
  ),
  'WDR-05': machine('withdrawal: awaitingWithdrawal accepts withdraw.decline'),
  'WDR-06': rules('withdrawInside (procedures/withdrawal.ts): every defending stack outside goes in'),
  'WDR-08': machine('withdrawal: after withdrawInside the outcome is a siege or option 1/2, never battle'),
  'WDR-09': machine('withdrawal: checkingSiege → besiegeDestination when doesMoverOutnumberInside'),
  'WDR-12': rules('applyRetreat (retreat.ts): retreating into continuedFrom eliminates the stack'),
  'WDR-13': rules('isAutomaticWithdrawal (withdrawal.ts); withdrawal guard isAutomaticWithdrawal'),
  'WDR-14': rules("settleLoneLeaders (capture.ts): a lone leader in his side's fortified space goes inside"),
  'FB-01': rules("attackerStacks (field-battle.ts): the active power's group"),
  'FB-02': rules('defenderStacks (field-battle.ts): every hostile stack outside, interceptors included'),
  'FB-04': rules('battleTerms (field-battle.ts) for the attacker'),
  'FB-05': rules('battleTerms (field-battle.ts) for the defender: + 1'),
  'FB-06': rules('battleTerms (field-battle.ts): cavalry are land units'),
  'FB-07': rules('battleTerms and bestLeader: the single best rating'),
  'FB-08': machine(
    'fieldBattle: combatCards asks the attacker first (hasAttackerCombatCardToAsk → awaitingAttackerCombatCard), then the defending powers (hasDefenderCombatCardToAsk → awaitingDefenderCombatCard); nextCombatResponder (combat-cards.ts) never asks a power before the last one asked, so the attacker never answers the defender (ruling R27)',
  ),
  'FB-09': machine(
    'fieldBattle: hasDefenderCombatCardToAsk → awaitingDefenderCombatCard for each defending major power in impulse order that has a play and has not passed (nextCombatResponder, combat-cards.ts; isLegalCombatCard, isAskedCombatResponderPassing; ruling R27)',
  ),
  'FB-10': rules('countHits (dice.ts): a die hits on its term hitOn or more'),
  'FB-11': machine(
    'fieldBattle: rollsCards after rollingDefenderDice asks the Ottoman (awaitingRollsCard); a play rolls its 5 dice in rollingCardDice before decidingWinner (ruling R31)',
  ),
  'FB-12': rules('battleWinner (field-battle.ts): ties to the defender'),
  'FB-14': machine(
    "fieldBattle: applyingCasualties removes both sides' losses together; after a Surprise Attack (ruling R28) the surprising side rolls first (rollingSurpriseAttackerDice, rollingSurpriseDefenderDice), the other side's losses come off at once (takingSurpriseHits … applyingSurpriseCasualties) and its dice are counted again (recountingDice) before it rolls",
  ),
  'FB-18': rules('applyCasualties (procedures/field-battle.ts): a side with no land units left loses its leaders'),
  'FB-19': machine('fieldBattle: retreating invokes the retreat machine for the losing side'),
  'FB-20': rules("no reducer changes `control` (12.2): the position's control is what the scenario gave"),
  'FB-21': machine('fieldBattle: checkingSiege → besiegeBattleSpace, or attackerLeaving (15.3)'),
  'FB-23': rules('battleWinner compares hits only'),
  'RET-11': machine('retreat: isNextGroupTrapped eliminates a losing attacker whose origin is illegal (ruling R11)'),
  'RET-15': rules('inactiveInside and retreatInactive (ruling R10)'),
  'RET-16': outOfScope('naval transport (16.3): ruling R14'),
  'SIE-01': machine('withdrawal: checkingSiege compares the mover with the units inside'),
  'SIE-03': outOfScope('naval units: not part of land combat in this release (ruling R14)'),
  'SIE-04': rules('laySiege (siege.ts) adds a second besieging power to a standing siege of its allies'),
  'SIE-05': outOfScope('assaults (15.1): ruling R14'),
  'SIE-06': rules(
    'isSiegeBroken and besiegingLandUnits (siege.ts), checked by the siegeBreak machine after the formation leaves, after interceptions, after avoid battle and after the battle',
  ),
  'SIE-07': machine(
    'siegeBreak: retreatingBesiegers invokes the retreat machine for every besieging group of an ended siege (15.3)',
  ),
  'SIE-09': machine(
    'relief: fighting invokes the field battle; a relief force that wins sends the besiegers back (14.1) and takeReliefBattleOutput ends the siege (15.2)',
  ),
  'SIE-12': rules(
    'applyCasualties (procedures/field-battle.ts): a relief force with no land units left loses its leaders, and nothing retreats',
  ),
  'SIE-13': outOfScope('assaults (15.1): ruling R14'),
};
