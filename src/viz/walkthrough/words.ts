// Every fixed word of the walkthrough page, in English and Russian: the language switch changes all of them. Rule
// references are not here: they go through ruleText (src/text/rules.ts), which cites them as each language does.
import type { Lang, Text } from '../../index.ts';

export const WORDS = {
  pageTitle: { en: 'Rule walkthrough', ru: 'Разбор по правилам' },
  step: { en: 'Step', ru: 'Шаг' },
  of: { en: 'of', ru: 'из' },
  previous: { en: '← Previous', ru: '← Назад' },
  next: { en: 'Next →', ru: 'Вперёд →' },
  steps: { en: 'Steps', ru: 'Шаги' },
  storySteps: { en: 'The story', ru: 'Ход событий' },
  story: { en: 'Story', ru: 'Сюжет' },
  full: { en: 'Every state', ru: 'Все состояния' },
  storyHint: {
    en: 'The steps a player notices: decisions, rolls, changes on the board',
    ru: 'Шаги, которые замечает игрок: решения, броски, изменения на карте',
  },
  fullHint: {
    en: 'Every state of every machine, with the conditions checked',
    ru: 'Каждое состояние каждой машины с проверенными условиями',
  },
  viewLabel: { en: 'View', ru: 'Вид' },
  print: { en: 'Print', ru: 'Печать' },
  printStep: { en: 'This step', ru: 'Этот шаг' },
  printStory: { en: 'The story', ru: 'Весь сюжет' },
  printStepHint: { en: 'Print this step on one page', ru: 'Напечатать этот шаг на одной странице' },
  printStoryHint: {
    en: 'Print the whole story as a handout, each step with its map',
    ru: 'Напечатать весь сюжет как раздаточный материал, каждый шаг с картой',
  },
  exportMap: { en: 'Save the map of this step', ru: 'Сохранить карту этого шага' },
  exportChart: { en: 'Save the statechart at this step', ru: 'Сохранить диаграмму на этом шаге' },
  language: { en: 'Language', ru: 'Язык' },
  replay: { en: 'Replay', ru: 'Повтор' },
  play: { en: 'Play', ru: 'Игра' },
  mode: { en: 'Mode', ru: 'Режим' },
  keys: { en: '← → steps · Home/End first/last', ru: '← → шаги · Home/End первый/последний' },
  noscript: {
    en: 'This page needs JavaScript to step through the move.',
    ru: 'Чтобы пройти ход по шагам, нужен JavaScript.',
  },
  narrative: { en: 'What happens', ru: 'Что происходит' },
  trigger: { en: 'How the machine goes on', ru: 'Как машина идёт дальше' },
  leadsTo: { en: 'Next', ru: 'Дальше' },
  cameFrom: { en: 'Came from', ru: 'Пришла из состояния' },
  staysHere: { en: 'The machine stops here.', ru: 'Здесь машина останавливается.' },
  notLeftYet: {
    en: 'Nothing is checked until the machine leaves this state.',
    ru: 'Условия проверяются, когда машина покидает это состояние.',
  },
  ruleApplied: { en: 'The rule that applies', ru: 'Применяемое правило' },
  guards: { en: 'Conditions checked', ru: 'Проверенные условия' },
  guard: { en: 'condition', ru: 'условие' },
  rule: { en: 'rule', ru: 'правило' },
  result: { en: 'result', ru: 'итог' },
  holds: { en: 'holds', ru: 'выполнено' },
  fails: { en: 'does not hold', ru: 'не выполнено' },
  noGuards: {
    en: 'No condition: the machine goes on unconditionally.',
    ru: 'Условий нет: машина переходит дальше без проверки.',
  },
  dice: { en: 'Dice', ru: 'Кубики' },
  modifiers: { en: 'Modifiers', ru: 'Модификаторы' },
  total: { en: 'total', ru: 'итого' },
  target: { en: 'needs', ru: 'нужно' },
  success: { en: 'success', ru: 'успех' },
  failure: { en: 'failure', ru: 'неудача' },
  hit: { en: 'hit', ru: 'попадание' },
  noModifiers: { en: 'no modifier', ru: 'без модификаторов' },
  decision: { en: 'Decision', ru: 'Решение' },
  legal: { en: 'Legal answers', ru: 'Допустимые ответы' },
  refused: { en: 'Refused answers', ru: 'Запрещённые ответы' },
  noRefused: { en: 'None of the listed answers is refused.', ru: 'Ни один из перечисленных ответов не запрещён.' },
  notAsked: {
    en: 'Not asked: no answer but declining was legal',
    ru: 'Не спрашивали: допустим был только отказ',
  },
  answered: { en: 'Answer given', ru: 'Данный ответ' },
  waiting: { en: 'The game waits for this answer.', ru: 'Игра ждёт этого ответа.' },
  forcedBy: {
    en: 'given by the engine: it was the only legal answer',
    ru: 'дан движком: это был единственный допустимый ответ',
  },
  chance: { en: 'Chance of success', ru: 'Вероятность успеха' },
  chanceOf: { en: 'Chance of success before the roll', ru: 'Вероятность успеха до броска' },
  hitChances: { en: 'Chance of each number of hits', ru: 'Вероятность каждого числа попаданий' },
  expectedHits: { en: 'hits on average', ru: 'попадания в среднем' },
  twoDice: { en: 'of the 36 throws of two dice', ru: 'из 36 вариантов броска двух кубиков' },
  range: {
    en: 'the engine checks it and names the rule if it refuses it',
    ru: 'движок проверит его и назовёт правило, если откажет',
  },
  about: { en: 'About this scenario', ru: 'О сценарии' },
  readings: { en: 'Read with the alternative reading of', ru: 'Альтернативное прочтение постановлений:' },
  mapTitle: { en: 'Around the battle', ru: 'Вокруг сражения' },
  fortified: { en: 'fortified space', ru: 'укреплённая область' },
  unfortified: { en: 'unfortified space', ru: 'неукреплённая область' },
  pass: { en: 'mountain pass (2.5)', ru: 'горный проход (2.5)' },
  inside: { en: 'inside the fortifications', ru: 'в укреплениях' },
  outside: { en: 'outside', ru: 'вне укреплений' },
  inTransit: { en: 'moving, not yet placed: 13.1 step 5', ru: 'в пути, ещё не размещено: 13.1, шаг 5' },
  controlledBy: { en: 'controlled by', ru: 'контроль:' },
  besiegedBy: { en: 'besieged by', ru: 'в осаде:' },
  unrest: { en: 'in unrest', ru: 'беспорядки' },
  captured: { en: 'Captured leaders', ru: 'Пленные командующие' },
  capturedBy: { en: 'captured by', ru: 'в плену у:' },
  eliminated: { en: 'eliminated', ru: 'уничтожены' },
  fallenLegend: { en: 'eliminated or captured at this step', ru: 'уничтожены или взяты в плен на этом шаге' },
  fallenHere: { en: 'Lost at this step', ru: 'Потеряно на этом шаге' },
  move: { en: 'move', ru: 'движение' },
  interception: { en: 'interception', ru: 'перехват' },
  avoid: { en: 'avoid battle', ru: 'уклонение' },
  retreat: { en: 'retreat', ru: 'отступление' },
  failed: { en: 'failed', ru: 'неудачно' },
  units: { en: 'Units on the map', ru: 'Войска на карте' },
  nobody: { en: 'no units', ru: 'войск нет' },
  space: { en: 'space', ru: 'область' },
  lostBattle: { en: 'lost a battle', ru: 'проиграли сражение' },
  attempted: { en: 'tried to intercept', ru: 'пытались перехватить' },
  statechart: { en: 'Statechart: the path so far', ru: 'Диаграмма состояний: пройденный путь' },
  chartLegend: {
    en: 'red: the current state · green: states and transitions already taken · drag to pan, pinch or Ctrl + wheel to zoom',
    ru: 'красным — текущее состояние · зелёным — уже пройденные состояния и переходы · перетаскивайте, чтобы сдвинуть; щипок или Ctrl + колесо — масштаб',
  },
  zoomIn: { en: 'Zoom in', ru: 'Крупнее' },
  zoomOut: { en: 'Zoom out', ru: 'Мельче' },
  zoom: { en: 'Zoom', ru: 'Масштаб' },
  fit: { en: 'The whole chart', ru: 'Вся диаграмма' },
  follow: { en: 'Back to the current state', ru: 'К текущему состоянию' },
  chartLabel: { en: 'Procedures shown', ru: 'Какие процедуры показаны' },
  inPlay: { en: 'In this move', ru: 'В этом ходе' },
  allProcedures: { en: 'All procedures', ru: 'Все процедуры' },
  outcome: { en: 'Outcome', ru: 'Итог' },
  moveOver: { en: 'The move is over.', ru: 'Движение завершено.' },
  stopped: { en: 'The replay stopped: this answer was refused.', ru: 'Повтор остановлен: этот ответ отклонён.' },
  // Play mode.
  playIntro: {
    en: 'You answer every decision and roll every die; the engine runs in this page.',
    ru: 'Вы отвечаете на каждое решение и бросаете кубики; движок работает прямо на странице.',
  },
  yourTurn: { en: 'Your answer', ru: 'Ваш ответ' },
  custom: { en: 'Or send an answer of your own', ru: 'Или отправьте свой вариант' },
  send: { en: 'Send', ru: 'Отправить' },
  rollSeeded: { en: 'Roll the dice', ru: 'Бросить кубики' },
  typeDice: { en: 'or type the dice you rolled (e.g. 3 5)', ru: 'или введите выпавшие значения (например, 3 5)' },
  useDice: { en: 'Use these dice', ru: 'Взять эти значения' },
  undo: { en: 'Undo the last answer', ru: 'Отменить последний ответ' },
  restart: { en: 'Start again', ru: 'Начать заново' },
  download: { en: 'Download the save', ru: 'Скачать сохранение' },
  branch: { en: 'Play from here', ru: 'Играть отсюда' },
  branchHint: {
    en: 'Take over from this step: the replay’s answers so far, then yours',
    ru: 'Продолжить с этого шага: ответы повтора до него, дальше — ваши',
  },
  branched: {
    en: 'Played from a step of the replay: its answers up to there, then yours.',
    ru: 'Игра с шага повтора: его ответы до этого места, дальше — ваши.',
  },
  loaded: { en: 'Played from a loaded save.', ru: 'Игра из загруженного сохранения.' },
  seedNow: {
    en: 'Seeded dice come from seed',
    ru: 'Кубики с зерном бросаются от зерна',
  },
  loadSave: { en: 'Load a save', ru: 'Загрузить сохранение' },
  loadFile: { en: 'A save file', ru: 'Файл сохранения' },
  pasteSave: { en: 'or paste its text', ru: 'или вставьте его текст' },
  loadIt: { en: 'Load', ru: 'Загрузить' },
  loadFailed: { en: 'This save cannot be loaded', ru: 'Это сохранение нельзя загрузить' },
  refusedBy: { en: 'Your answer was refused', ru: 'Ваш ответ отклонён' },
  from: { en: 'from', ru: 'откуда' },
  to: { en: 'to', ru: 'куда' },
  none: { en: '(none)', ru: '(нет)' },
  leaders: { en: 'leaders', ru: 'командующие' },
  regulars: { en: 'regulars', ru: 'регулярные' },
  mercenaries: { en: 'mercenaries', ru: 'наёмники' },
  cavalry: { en: 'cavalry', ru: 'кавалерия' },
  insideUnits: { en: 'going inside', ru: 'в укрепления' },
  notYourStep: {
    en: 'You are looking at an earlier step: go to the last step to answer.',
    ru: 'Это более ранний шаг: чтобы ответить, перейдите к последнему.',
  },
  toLast: { en: 'Go to the last step', ru: 'К последнему шагу' },
} as const satisfies Record<string, Text>;

export type Word = keyof typeof WORDS;

export function word(key: Word, lang: Lang): string {
  return WORDS[key][lang];
}

/** Who supplied an event, as a reader understands it. */
export const SOURCES: Readonly<Record<string, Text>> = {
  host: { en: 'the player', ru: 'игрок' },
  script: { en: "the scenario's script", ru: 'сценарий' },
  policy: {
    en: 'the default policy (decline, fewest valuable losses)',
    ru: 'стратегия по умолчанию (отказ, наименее ценные потери)',
  },
  seeded: { en: 'the seeded dice', ru: 'кубики с заданным зерном' },
  engine: {
    en: 'the engine: only one answer was legal (ruling R9)',
    ru: 'движок: допустим был только один ответ (постановление R9)',
  },
  start: { en: 'the start of the procedure', ru: 'начало процедуры' },
};

/** What made a machine take a step that no player caused. */
export const TRIGGERS = {
  start: { en: 'The procedure starts in its first state.', ru: 'Процедура начинается со своего первого состояния.' },
  always: {
    en: 'No event: the machine moves on by itself, taking the first transition whose condition holds.',
    ru: 'Без события: машина сама переходит дальше по первому переходу, условие которого выполнено.',
  },
  done: { en: 'The procedure it invoked has finished:', ru: 'Вызванная процедура завершилась:' },
  event: { en: 'An answer was accepted:', ru: 'Принят ответ:' },
  by: { en: 'given by', ru: 'его дал(а)' },
} as const satisfies Record<string, Text>;

/** Decision kinds as a heading. */
export const KINDS: Readonly<Record<string, Text>> = {
  move: { en: 'Declare a move', ru: 'Объявить движение' },
  intercept: { en: 'Interception', ru: 'Перехват' },
  roll: { en: 'Dice roll', ru: 'Бросок кубиков' },
  avoid: { en: 'Avoid battle', ru: 'Уклонение от сражения' },
  withdraw: { en: 'Withdrawal into the fortifications', ru: 'Отход в укрепления' },
  continue: { en: 'Move on or retreat', ru: 'Двигаться дальше или отступить' },
  casualties: { en: 'Casualties', ru: 'Потери' },
  retreat: { en: 'Retreat', ru: 'Отступление' },
};

/** Roll purposes. */
export const PURPOSES: Readonly<Record<string, Text>> = {
  interception: { en: 'Interception roll: 2d6 + modifiers', ru: 'Бросок перехвата: 2d6 + модификаторы' },
  avoid: { en: 'Avoid-battle roll: 2d6 + modifiers', ru: 'Бросок уклонения: 2d6 + модификаторы' },
  attacker: { en: "Attacker's dice: each 5 or 6 is a hit", ru: 'Кубики атакующего: каждая 5 или 6 — попадание' },
  defender: { en: "Defender's dice: each 5 or 6 is a hit", ru: 'Кубики обороняющегося: каждая 5 или 6 — попадание' },
};
