// The rule registry's summaries: every rule section and ruling the engine cites (src/rules/registry.ts), in one line
// of English and one of Russian, each a message of its own (`registry.<rule>`, generated into the catalogues by
// src/text/catalogue.ts from this table).
import type { RuleRef } from '../rules/registry.ts';
import { message, type Text } from './text.ts';

/** A summary's two strings, as written here; `RULE_REGISTRY` gives it its message id. */
function t(en: string, ru: string): Text {
  return { en, ru };
}

/** The message id of a rule's summary: `registry.14-step-1`, `registry.R32`. */
export function registryMessageId(ref: RuleRef): string {
  return `registry.${ref.replace(/ /g, '-')}`;
}

const SUMMARIES: Readonly<Record<RuleRef, Text>> = {
  '2.1': t(
    'Fortified spaces (keys, electorates, fortresses) hold at most 4 friendly land units inside.',
    'В укреплённой области (ключевой, курфюршестве, крепости) внутри не более 4 дружественных сухопутных частей.',
  ),
  '2.2': t(
    'Friendly means controlled by the active power or an ally; enemy means controlled by a power at war with it.',
    'Дружественная — под контролем активной державы или союзника; вражеская — под контролем державы, воюющей с ней.',
  ),
  '2.5': t(
    'Moving over a pass costs 2 CP; no interception across a pass; retreat and avoid battle over a pass are allowed.',
    'Движение через горный проход стоит 2 КО; перехват через проход запрещён; отступление и уклонение через проход разрешены.',
  ),
  '3.2': t(
    'Impulse order: Ottoman, Hapsburg, England, France, Papacy, Protestant.',
    'Порядок импульсов: Османы, Габсбурги, Англия, Франция, Папство, Протестанты.',
  ),
  '5.1': t(
    "A formation moves at most 4 land units without a leader, a leader's command rating with one, the two highest ratings with several; one major power (plus its active minor allies).",
    'Соединение без командующего — не более 4 сухопутных частей, с одним — его рейтинг командования, с несколькими — сумма двух высших; одна великая держава (и её активные второстепенные союзники).',
  ),
  '5.2': t(
    'Land units: regulars (all), mercenaries (majors except the Ottoman), cavalry (Ottoman only).',
    'Сухопутные части: регулярные (все), наёмники (великие державы, кроме Османов), кавалерия (только Османы).',
  ),
  '11.1': t(
    'Move Formation in Clear costs 1 CP; Move Formation Over Pass costs 2 CP.',
    'Движение соединения по обычной связи — 1 КО, через горный проход — 2 КО.',
  ),
  '12.2': t(
    'Winning a battle does not change political control.',
    'Победа в сражении не меняет политический контроль.',
  ),
  '12.4': t(
    'Units may not retreat or avoid battle into a space in unrest.',
    'Нельзя отступать или уклоняться от сражения в область, охваченную беспорядками.',
  ),
  '13.1': t(
    'Land movement: one formation from one space into an adjacent space it may legally enter.',
    'Сухопутное движение: одно соединение из одной области в прилегающую, куда ему разрешено войти.',
  ),
  '13.1 step 3': t(
    'The mover spends 1 CP, or 2 CP over a pass.',
    'Двигающийся тратит 1 КО, через горный проход — 2 КО.',
  ),
  '13.1 step 4': t(
    'Response cards (Foul Weather, Gout) may be played after the CP are spent.',
    'После траты КО могут быть сыграны карты ответа («Непогода», «Подагра»).',
  ),
  '13.1 step 5': t(
    'Interceptions are resolved; then the formation is placed in the destination; a success skips steps 6 and 7.',
    'Определяются перехваты; затем соединение помещается в область назначения; успешный перехват пропускает шаги 6 и 7.',
  ),
  '13.1 step 6': t(
    'Enemy land units in the destination may try to avoid battle.',
    'Вражеские сухопутные части в области назначения могут попытаться уклониться от сражения.',
  ),
  '13.1 step 7': t(
    'An enemy stack of 4 or fewer units in a fortified destination may withdraw into the fortifications.',
    'Вражеская группировка из 4 частей или меньше в укреплённой области может отойти в укрепления.',
  ),
  '13.1 step 8': t(
    'A field battle is fought if enemy land units remain outside the fortifications.',
    'Полевое сражение происходит, если вражеские сухопутные части остались вне укреплений.',
  ),
  '13.2': t(
    'An enemy stack adjacent to the destination may try to intercept the moving formation.',
    'Вражеская группировка, прилегающая к области назначения, может попытаться перехватить двигающееся соединение.',
  ),
  '13.2 step 1': t(
    'The interceptor names a formation from one adjacent space; it may leave units behind.',
    'Перехватчик объявляет соединение из одной прилегающей области; часть сил может остаться.',
  ),
  '13.2 step 2': t(
    'Interception roll: 2d6 + the best battle rating, +1 Ottoman with cavalry, −1 against Ottoman cavalry; 9 or more succeeds.',
    'Бросок перехвата: 2d6 + лучший боевой рейтинг, +1 Османам с кавалерией, −1 против османской кавалерии; 9 и больше — успех.',
  ),
  '13.2 step 3': t(
    'A successful interceptor is placed in the destination; no other power may then try.',
    'Успешный перехватчик помещается в область назначения; другие державы больше не пытаются.',
  ),
  '13.2 step 4': t(
    'Further attempts may come from other adjacent spaces; a space already used may not try again.',
    'Другие попытки — из других прилегающих областей; уже использованная область повторно не пытается.',
  ),
  '13.2 step 5': t(
    'After a successful interception a field battle is fought; the intercepting power may not avoid or withdraw.',
    'После успешного перехвата происходит полевое сражение; перехватившая держава не может уклониться или отойти в укрепления.',
  ),
  '13.3': t(
    'Enemy land units in the destination may try to avoid battle into a legal adjacent space.',
    'Вражеские сухопутные части в области назначения могут попытаться уклониться от сражения в допустимую прилегающую область.',
  ),
  '13.3 step 3': t(
    'Any land units and leaders may avoid; the group may exceed a formation; any may stay behind.',
    'Уклоняться могут любые части и командующие; группа может превышать размер соединения; любые могут остаться.',
  ),
  '13.3 step 4': t(
    'Avoid roll: 2d6 + best battle rating, Ottoman cavalry ±1; 9 or more succeeds; automatic if every unit already lost a battle this impulse.',
    'Бросок уклонения: 2d6 + лучший боевой рейтинг, ±1 за османскую кавалерию; 9 и больше — успех; автоматически, если все части уже проиграли сражение в этот импульс.',
  ),
  '13.4': t(
    "A defending stack of 4 or fewer units in its own or an ally's fortified space may withdraw inside, all together.",
    'Обороняющаяся группировка из 4 частей или меньше в своей или союзной укреплённой области может отойти в укрепления, вся вместе.',
  ),
  '13.4 option 1': t(
    'If the mover does not outnumber the units inside it may pay 1 CP (2 over a pass) to move on.',
    'Если у двигающегося не больше частей, чем внутри, он может заплатить 1 КО (2 через проход) и двигаться дальше.',
  ),
  '13.4 option 2': t(
    'Otherwise it retreats, free, to the space it came from, under the 14.1 restrictions.',
    'Иначе он бесплатно отступает в область, из которой пришёл, по ограничениям 14.1.',
  ),
  '14': t(
    'Field battle: the active power attacks; the defender gets one extra die.',
    'Полевое сражение: активная держава атакует; обороняющийся получает один дополнительный кубик.',
  ),
  '14 step 1': t(
    'Response cards: both sides, attacker first, get a last chance to play Landsknechts or Swiss Mercenaries.',
    'Карты ответа: обе стороны, начиная с атакующего, в последний раз могут сыграть карту «Ландскнехты» или «Швейцарские наёмники».',
  ),
  '14 step 2': t(
    "Attacker dice: one per land unit in the moving formation + the best leader's battle rating.",
    'Кубики атакующего: по одному за сухопутную часть двигающегося соединения + боевой рейтинг лучшего командующего.',
  ),
  '14 step 3': t(
    "Defender dice: one per defending land unit + the best leader's battle rating + 1.",
    'Кубики обороняющегося: по одному за обороняющуюся сухопутную часть + боевой рейтинг лучшего командующего + 1.',
  ),
  '14 step 4': t(
    'Attacker combat cards: the active power declares the combat cards it plays as events.',
    'Боевые карты атакующего: активная держава объявляет боевые карты, которые разыгрывает как события.',
  ),
  '14 step 5': t(
    'Defender combat cards: each major power controlling defending units may declare combat cards in turn.',
    'Боевые карты обороняющегося: каждая крупная держава, управляющая обороняющимися частями, по очереди может объявить боевые карты.',
  ),
  '14 step 6': t('Each die showing 5 or 6 is a hit.', 'Каждый кубик с 5 или 6 — попадание.'),
  '14 step 7': t(
    'After both rolls: Janissaries, if the Ottoman is in the battle.',
    'После бросков: «Янычары», если Османы в сражении.',
  ),
  '14 step 8': t(
    'More hits wins; a tie goes to the defender.',
    'Больше попаданий — победа; при равенстве побеждает обороняющийся.',
  ),
  '14 step 9': t(
    'Each side loses one land unit per enemy hit; if both are wiped out, the side that rolled more dice (defender on a tie) keeps one.',
    'Каждая сторона теряет по сухопутной части за попадание противника; если уничтожены обе, сторона с большим числом кубиков (при равенстве — обороняющийся) сохраняет одну.',
  ),
  '14 step 10': t(
    'Leaders of a side with no land units left are captured.',
    'Командующие стороны без сухопутных частей попадают в плен.',
  ),
  '14 step 11': t('The losing side retreats (14.1).', 'Проигравшая сторона отступает (14.1).'),
  '14 step 12': t(
    'In a fortified space won by the attacker: a siege if it outnumbers the units inside, else it retreats as in 15.3.',
    'В укреплённой области при победе атакующего: осада, если у него больше частей, чем внутри, иначе он отступает по 15.3.',
  ),
  '14.1': t(
    'The loser retreats to one legal adjacent space; in its own fortified space up to 4 units and any leaders may go inside.',
    'Проигравший отступает в одну допустимую прилегающую область; в своей укреплённой области до 4 частей и любые командующие могут уйти в укрепления.',
  ),
  '15': t(
    'Units inside are under siege when enemy land units in the space outnumber them.',
    'Части в укреплениях осаждены, если вражеских сухопутных частей в области больше.',
  ),
  '15.1': t('Assault (not in this release).', 'Штурм (нет в этой версии).'),
  '15.2': t(
    'A relief force enters a besieged friendly space and fights the besiegers; units inside of its own power may join it. Won: the siege ends; lost on equal hits: the pieces that fought may go inside (4 units inside at most); lost with fewer hits: only those that came out go back.',
    'Деблокирующие силы входят в осаждённую дружественную область и сражаются с осаждающими; части их державы из укреплений могут присоединиться. Победа: осада снята; поражение при равенстве попаданий: участники боя могут уйти в укрепления (не более 4 частей внутри); поражение с меньшим числом попаданий: вернуться могут только вышедшие.',
  ),
  '15.3': t(
    'A siege breaks when the besiegers no longer outnumber the units inside; they retreat, free.',
    'Осада снимается, когда осаждающих не больше, чем частей внутри; они бесплатно отступают.',
  ),
  '16.3': t('Naval transport (not in this release).', 'Морская перевозка (нет в этой версии).'),
  '21.6': t(
    'Before the Schmalkaldic League the Protestant does not move, and no other power moves or retreats into an electorate.',
    'До Шмалькальденской лиги протестанты не двигаются, а другие державы не входят и не отступают в курфюршества.',
  ),
  '22.1': t(
    'Inactive minor powers never move, intercept or avoid battle; 4 or fewer withdraw inside, 5 or more fight.',
    'Неактивные второстепенные державы не двигаются, не перехватывают и не уклоняются; 4 и меньше отходят в укрепления, 5 и больше сражаются.',
  ),
  '22.3': t(
    "An active minor power's units behave like its major ally's units.",
    'Части активной второстепенной державы действуют как части её великого союзника.',
  ),
  '22.6': t(
    'Independent regulars in an independent key never move; they defend like an inactive minor power.',
    'Независимые регулярные части в независимой ключевой области не двигаются; они обороняются как неактивная второстепенная держава.',
  ),
  R1: t(
    "Telescope: +1 to the holder's interception and avoid-battle rolls.",
    '«Телескоп»: +1 к броскам перехвата и уклонения его владельца.',
  ),
  R2: t(
    '"Enemy units" in a restriction means enemy land units; a lone enemy leader does not block, he is captured.',
    '«Вражеские части» в ограничениях — сухопутные части; одиночный вражеский командующий не мешает, он попадает в плен.',
  ),
  R3: t(
    'Leaders-only formations may intercept; a leader may avoid alone if his units stay; a side with no land units after a battle loses its leaders.',
    'Соединения из одних командующих могут перехватывать; командующий может уклониться один, если части остаются; сторона без сухопутных частей после сражения теряет командующих.',
  ),
  R4: t(
    '13.4 option 2 applies whenever the formation does not, or cannot, continue.',
    'Вариант 2 из 13.4 применяется, когда соединение не продолжает или не может продолжить движение.',
  ),
  R5: t(
    'Each power chooses its own casualties; several groups on a side split the hits evenly, the controller (or the active power) placing odd hits.',
    'Каждая держава сама выбирает потери; несколько групп на стороне делят попадания поровну, лишние распределяет контролирующая (или активная) держава.',
  ),
  R6: t(
    'Units means land units (regulars, mercenaries, cavalry); leaders never count.',
    'Части — сухопутные части (регулярные, наёмники, кавалерия); командующие не считаются.',
  ),
  R7: t(
    'Both wiped out: the side with more dice (defender on equal dice) keeps one unit; a wiped-out winner loses its leaders and the loser still retreats.',
    'Обе стороны уничтожены: сторона с большим числом кубиков (при равенстве — обороняющийся) сохраняет одну часть; уничтоженный победитель теряет командующих, а проигравший всё равно отступает.',
  ),
  R8: t(
    'The 13.2 siege ban refers to a siege in the destination space.',
    'Запрет 13.2 при осаде относится к осаде в области назначения.',
  ),
  R9: t(
    'Decisions with no real choice are skipped or applied by the engine, and recorded in the trace.',
    'Решения без реального выбора пропускаются или применяются движком и записываются в журнал.',
  ),
  R10: t(
    'Active minors act with their major; inactive minors and independents stand: 4 or fewer withdraw inside, 5 or more fight and never retreat.',
    'Активные второстепенные державы действуют со своей великой; неактивные и независимые стоят: 4 и меньше отходят в укрепления, 5 и больше сражаются и не отступают.',
  ),
  R11: t(
    'A losing attacker retreats to the space it entered from; if that is illegal it is eliminated and its leaders captured.',
    'Проигравший атакующий отступает туда, откуда пришёл; если это запрещено, он уничтожается, а командующие попадают в плен.',
  ),
  R12: t(
    'Losers of a field battle and every interceptor are marked for the rest of the impulse.',
    'Проигравшие полевое сражение и все перехватчики отмечаются до конца импульса.',
  ),
  R13: t(
    'Ending a move in an empty enemy fortified space with no battle puts it under siege.',
    'Завершение движения в пустой вражеской укреплённой области без сражения начинает осаду.',
  ),
  R14: t(
    'In scope: 13.1–14.1 with 15.3, the Schmalkaldic League restrictions (ruling R34), relief forces (15.2, ruling R35) and the ten cards that plug into these procedures (rulings R26–R36); naval transport, assaults, every other card and the Holy Roman Emperor transfer are not.',
    'В рамках: 13.1–14.1 с 15.3, ограничения Шмалькальденской лиги (постановление R34), деблокада (15.2, постановление R35) и десять карт, встроенных в эти процедуры (постановления R26–R36); морская перевозка, штурм, прочие карты и переход императора — нет.',
  ),
  R15: t(
    'A space is controlled by its home power unless the scenario says otherwise.',
    'Область контролирует её домашняя держава, если сценарий не указывает иное.',
  ),
  R16: t(
    "The major power chooses which power's units of its group are lost, kept, go inside or avoid (byPower; its own first by default); captured leaders go to a major power as ruling R20 says.",
    'Великая держава выбирает, чьи части её группы теряются, сохраняются, уходят в укрепления или уклоняются (byPower; по умолчанию сначала свои); пленные командующие достаются великой державе, как указано в R20.',
  ),
  R17: t(
    'Sieges depend only on the units inside and the besieging powers; units inside that are not outnumbered stand unbesieged; enemies outside an empty enemy fortress without a siege is not a legal position.',
    'Осада зависит только от частей внутри и осаждающих держав; части внутри без численного перевеса противника не осаждены; враги у пустой вражеской крепости без осады — недопустимая позиция.',
  ),
  R18: t(
    'Only the controller and its allies may be inside; a withdrawal needs every defender to be allowed inside; units that may not go inside after a battle are eliminated; a losing attacker may go inside its own fortress.',
    'Внутри могут быть только контролирующая держава и её союзники; отход возможен, только если внутрь можно всем обороняющимся; кому нельзя внутрь после сражения — уничтожаются; проигравший атакующий может уйти в свою крепость.',
  ),
  R19: t(
    "The attacking force is every land unit and leader of the active power's group outside the fortifications after the move.",
    'Атакующие силы — все сухопутные части и командующие группы активной державы вне укреплений после движения.',
  ),
  R20: t(
    'Captors are major powers: the first major in impulse order whose group has land units on the capturing side; leaders eliminated in a fortified space they may not stay in go to the power holding it.',
    'Пленных берут великие державы: первая по порядку импульсов, чья группа имеет сухопутные части на стороне, взявшей в плен; командующие, уничтоженные в укреплённой области, где им нельзя оставаться, достаются державе, которая её удерживает.',
  ),
  R21: t(
    'A single defending power decides its own withdrawal; the controller decides only when several powers defend.',
    'Если область обороняет одна держава, об отходе в укрепления решает она; контролирующая держава решает, только когда обороняются несколько держав.',
  ),
  R22: t(
    "When the controller of a fortified battle space loses, its allies' units may go inside too: four land units in all, the controller sharing the places.",
    'Если контролирующая держава проигрывает сражение в укреплённой области, внутрь могут уйти и части её союзников: всего четыре сухопутные части, места распределяет контролирующая держава.',
  ),
  R23: t(
    'No interceptor withdraws inside; a leader who intercepted alone and stands without land units of his side is captured, in a fortified space too.',
    'Перехватчики не отходят в укрепления; командующий, перехвативший без частей и оставшийся без сухопутных частей своей стороны, попадает в плен и в укреплённой области.',
  ),
  R24: t(
    'A leader is alone when no land units that would fight on his side stand on his side of the fortifications.',
    'Командующий одинок, если по его сторону укреплений нет сухопутных частей, которые сражались бы на его стороне.',
  ),
  R25: t(
    'The moving formation stands in neither space until it is placed: it defends nothing and counts in no siege.',
    'Движущееся соединение до размещения не находится ни в одной области: ничего не обороняет и не учитывается в осаде.',
  ),
  R26: t(
    'Foul Weather (#31) or Gout (#32), played by another power at 13.1 step 4, cancels the move: the formation stays, its CP are lost; Foul Weather bars moving on this impulse, Gout bars its leader from moving, intercepting and avoiding battle.',
    '«Непогода» (№31) или «Подагра» (№32), сыгранные другой державой на шаге 4 13.1, отменяют движение: соединение остаётся, КО потеряны; после карты «Непогода» в этот импульс нельзя двигаться дальше, после карты «Подагра» её командующий не движется, не перехватывает и не уклоняется.',
  ),
  R27: t(
    'Combat cards at 14 steps 4–5: the attacker declares any number, then each defending major power in impulse order; a power that passed adds none, and only a power with land units in the battle plays. Arquebusiers (#24) gives 2 more dice; Field Artillery (#25) 3 for France or the Ottoman, else 2.',
    'Боевые карты на шагах 4–5 14: атакующий объявляет сколько угодно карт, затем каждая обороняющаяся крупная держава в порядке импульсов; спасовавшая держава больше карт не добавляет, а играет только держава с сухопутными частями в сражении. «Аркебузиры» (№24) дают 2 кубика сверх; «Полевая артиллерия» (№25) — 3 у Франции или Османов, иначе 2.',
  ),
  R28: t(
    "Surprise Attack (#29): the player's side rolls first and the other side takes those hits at once; the other side's dice are then counted again on its surviving land units (leader, defender's die and card dice kept), none if no land unit survives; Janissaries come after the second roll, and the winner has the most hits over both rolls.",
    '«Внезапная атака» (№29): сторона игрока бросает первой, и другая сторона сразу несёт потери от этих попаданий; затем её кубики считаются заново по уцелевшим сухопутным частям (командующий, кубик обороняющегося и кубики карт сохраняются), а если частей не осталось — кубиков нет; «Янычары» — после второго броска, побеждает сторона с большим числом попаданий за оба броска.',
  ),
  R29: t(
    "Mercenaries Bribed (#26): half the opposing side's mercenaries in the battle, rounded up, change sides — taken from the opposing powers in impulse order, replaced by as many of the player's own; never by the Ottoman or against a side with Ottoman land units.",
    '«Подкуп наёмников» (№26): половина наёмников противной стороны в сражении, с округлением вверх, переходит на другую сторону — их снимают у противных держав в порядке импульсов и заменяют столькими же наёмниками игрока; ни Османами, ни против стороны с османскими сухопутными частями.',
  ),
  R30: t(
    'Tercios (#30): either the Hapsburg, with land units in the battle, adds 3 dice that hit on 4–6, or a power facing at least 3 Hapsburg regulars takes 3 dice from the Hapsburg side (never below none).',
    '«Терции» (№30): либо Габсбурги, имея сухопутные части в сражении, добавляют 3 кубика, попадающих на 4–6, либо держава, против которой стоят три регулярные части Габсбургов или больше, отнимает у стороны Габсбургов 3 кубика (не меньше нуля).',
  ),
  R31: t(
    'Janissaries (#1): after both rolls the Ottoman side rolls 5 more dice, hitting on 5 and 6; once a turn.',
    '«Янычары» (№1): после бросков ещё 5 кубиков (попадание на 5–6) стороне Османов, раз в ход.',
  ),
  R32: t(
    'Landsknechts (#33) and Swiss Mercenaries (#36) at 14 step 1, attacker first: new mercenaries (4 for the Hapsburg, or for France by Swiss Mercenaries; 2 otherwise) go where the placing power has land units not under siege; the Ottoman’s Landsknechts instead eliminates 2 mercenaries anywhere.',
    '«Ландскнехты» (№33) и «Швейцарские наёмники» (№36) на шаге 1 14, начиная с атакующего: новые наёмники (4 у Габсбургов или у Франции по карте «Швейцарские наёмники», иначе 2) ставятся туда, где у державы есть сухопутные части не в осаде; «Ландскнехты» Османов вместо этого уничтожают 2 наёмников где угодно.',
  ),
  R33: t(
    'A scenario lists the cards each power holds; each card exists once; every listed card is offered where it is legal, and playing is optional.',
    'Сценарий перечисляет карты на руке каждой державы; каждая карта одна; каждая карта предлагается там, где её можно сыграть, и розыгрыш необязателен.',
  ),
  R34: t(
    'When a scenario says the Schmalkaldic League has not formed, the Protestant may not move, intercept or avoid battle, nobody is at war with it, and no other power moves, intercepts, avoids, retreats or moves on into an electorate.',
    'Если по сценарию Шмалькальденская лига ещё не создана, протестанты не двигаются, не перехватывают и не уклоняются от сражения, никто с ними не воюет, а другие державы не входят в курфюршества ни движением, ни перехватом, ни уклонением, ни отступлением, ни продолжением движения.',
  ),
  R35: t(
    'A relief force (15.2) attacks the besiegers, who defend (+1 die, ties; they may avoid battle, not withdraw); pieces inside of its power and its active minors may join beyond the command limit, their owner choosing; the three results of 15.2, four land units inside at most; sortie pieces that cannot go back retreat with the relief force.',
    'Деблокирующие силы (15.2) атакуют осаждающих, которые обороняются (+1 кубик, ничья в их пользу; могут уклониться от сражения, но не отойти в укрепления); части их державы и её активных малых союзников из укреплений могут присоединиться сверх предела командования по выбору владельца; три исхода 15.2, внутри не более четырёх сухопутных частей; вышедшие из укреплений, которым нельзя вернуться, отступают вместе с деблокирующими силами.',
  ),
  R36: t(
    'explore, odds and the casebook treat each legal card play and each pass as an answer; the default policies pass.',
    'Обзор путей, расчёт шансов и сборник случаев считают каждый допустимый розыгрыш карты и каждый пас ответом; стандартные политики пасуют.',
  ),
};

/** A message a host can read but not change: every reader of the registry in the process sees the same text. */
function frozenMessage(t: Text): Text {
  return Object.freeze({ ...t, params: Object.freeze({ ...t.params }) });
}

/** Each summary as a message: its id and its strings (the catalogues hold them as literal patterns). */
function withIds(summaries: Readonly<Record<RuleRef, Text>>): Readonly<Record<RuleRef, Text>> {
  return Object.freeze(
    Object.fromEntries(
      (Object.entries(summaries) as [RuleRef, Text][]).map(([ref, s]) => [
        ref,
        frozenMessage(message(registryMessageId(ref), s.en, s.ru)),
      ]),
    ) as Record<RuleRef, Text>,
  );
}

/**
 * Every rule's summary, with its message id. The call is marked pure so that a bundle that never reads the registry
 * leaves the table out, as it did when the registry was a plain object literal.
 */
export const RULE_REGISTRY: Readonly<Record<RuleRef, Text>> = /* @__PURE__ */ withIds(SUMMARIES);
