// Records a session into the walkthrough's data. Through the public API: after the session starts and after every
// accepted answer it reads `trace` (the steps added), `position`, `inTransit`, `summary`, `pending` and `log`. Through
// the session's inspector (capture.ts): the board after each step, and the decision at a step where the engine gave
// the one legal answer itself (ruling R9), built by the engine's own decision builder from that step's snapshot.
// The same recorder runs in Node (the replay: a finished or stopped session's events sent one by one) and in the
// browser (play mode: the player's answers as they come).
import {
  createSession,
  RULE_REGISTRY,
  MACHINES,
  type MachineId,
  type Scenario,
  type Session,
  type StateMeta,
  type Text,
} from '../../index.ts';
import { MACHINE_IDS, procedureMeta } from '../../../machines/index.ts';
import { buildDecision } from '../../engine/decisions.ts';
import type { TraceSkipped } from '../../engine/trace.ts';
import type { Decision } from '../../schema/decision.ts';
import type { EngineEvent } from '../../schema/events.ts';
import { POWER_NAMES, type Power } from '../../schema/power.ts';
import { EMPTY_SUMMARY, type Summary } from '../../schema/result.ts';
import type { Stack } from '../../schema/scenario.ts';
import type { Position } from '../../rules/world.ts';
import { countHits, hitMarks, termDice } from '../../rules/dice.ts';
import { cardTitle, type CardId } from '../../data/cards.ts';
import { agree, count, listText, NOUNS } from '../../text/grammar.ts';
import { facesText } from '../../text/faces.ts';
import { cite } from '../../text/rules.ts';
import { joinText, msg } from '../../text/text.ts';
import { localLayout, nudge } from '../../data/layout.ts';
import { leaderName, power, spaceName } from '../../text/names.ts';
import { scenarioDescription, scenarioTitle } from '../../text/scenario.ts';
import { contextOf, metaAt, StepCapture, transitOf, type CapturedStep } from './capture.ts';
import { answerLabel } from './describe.ts';
import type {
  AnswerView,
  CardPoolView,
  ArrowView,
  BoardView,
  DecisionView,
  DiceView,
  FallenView,
  FrameView,
  OddsView,
  MapView,
  PositionView,
  SkippedView,
  Source,
  StackView,
  StepView,
  StopView,
  WalkthroughModel,
} from './types.ts';

type Machines = Readonly<Record<string, { readonly root: MachineNode }>>;
interface MachineNode {
  readonly states: Readonly<Record<string, MachineNode>>;
  readonly meta?: unknown;
}

/** The meta (title, rule) of a machine's state; a nested state's value comes as JSON from the trace. */
function metaOf(machine: string, state: string): StateMeta | undefined {
  const machines = MACHINES as unknown as Machines;
  if (!Object.hasOwn(machines, machine)) return undefined;
  let node: MachineNode | undefined = machines[machine]!.root;
  for (const key of statePath(state)) node = node && Object.hasOwn(node.states, key) ? node.states[key] : undefined;
  return node?.meta as StateMeta | undefined;
}

/** 'awaitingRetreat' → ['awaitingRetreat']; '{"a":"b"}' (a nested state value) → ['a', 'b']. */
export function statePath(state: string): string[] {
  if (!state.startsWith('{')) return [state];
  const path: string[] = [];
  let value: unknown = JSON.parse(state);
  while (value && typeof value === 'object') {
    const [key, inner] = Object.entries(value)[0] ?? [];
    if (key === undefined) break;
    path.push(key);
    value = inner;
  }
  if (typeof value === 'string') path.push(value);
  return path;
}

/** The registry's summary of a reference: exact, else its first step ('14 steps 2–3' → '14 step 2'), else its section. */
export function ruleSummary(ref: string): Text | undefined {
  const registry = RULE_REGISTRY as Readonly<Record<string, Text>>;
  const section = ref.split(' ')[0] ?? ref;
  const step = /^(\S+) steps? (\d+)/.exec(ref);
  const tries = [ref, ...(step ? [`${step[1]} step ${step[2]}`] : []), section];
  for (const r of tries) if (Object.hasOwn(registry, r)) return registry[r];
  return undefined;
}

function stackView(s: Stack): StackView {
  return {
    space: s.space,
    power: s.power,
    regulars: s.regulars,
    mercenaries: s.mercenaries,
    cavalry: s.cavalry,
    leaders: [...s.leaders],
    inside: s.inside,
    lostBattle: s.lostBattle,
    attemptedInterception: s.attemptedInterception,
  };
}

function positionView(p: Position): PositionView {
  return {
    stacks: p.stacks.map(stackView),
    control: { ...p.control },
    sieges: p.sieges.map((s) => ({ space: s.space, by: [...s.by] })),
    unrest: [...p.unrest],
    captured: p.captured.map((c) => ({ leader: c.leader, by: c.by })),
    impulse: { power: p.impulse.power, cp: p.impulse.cp },
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

type Counts = Readonly<Record<'moves' | 'interceptions' | 'avoids' | 'retreats', number>>;

interface Mark {
  readonly trace: number;
  readonly log: number;
  readonly counts: Counts;
  readonly seen: Seen;
}

/** A trace step as recorded: the state it entered, and what it did on the way (its event, guards, note, answer). */
interface Row {
  readonly step: number;
  readonly machine: string;
  readonly state: string;
  readonly stateId: string;
  readonly from?: string;
  readonly event: string;
  readonly source: Source;
  readonly headline: boolean;
  readonly note: Text;
  readonly title: Text;
  readonly rule: string;
  readonly ruling?: string;
  readonly guards: StepView['guards'];
  readonly frame: number;
  readonly answer?: AnswerView;
  readonly dice?: DiceView;
  readonly waits?: boolean;
  readonly board?: number;
  readonly forced?: DecisionView;
  readonly skipped?: readonly SkippedView[];
  /** How much of the summary's losses the boards have marked, up to this row. */
  readonly seen: Seen;
}

/** How many of the summary's losses are marked on a board already: the battle's, the retreats', the captures'. */
interface Seen {
  readonly battle: boolean;
  readonly retreats: number;
  readonly captures: number;
}

const NOTHING_SEEN: Seen = { battle: false, retreats: 0, captures: 0 };

function seenIn(s: Summary): Seen {
  return { battle: s.battle !== null, retreats: s.retreats.length, captures: s.captures.length };
}

function sameText(a: Text, b: Text): boolean {
  return a.en === b.en && a.ru === b.ru;
}

/** How many arrows of each kind a board has: what of the summary is drawn already (one arrow per entry). */
function countsOf(arrows: readonly ArrowView[]): Counts {
  const n = (kind: ArrowView['kind']) => arrows.filter((a) => a.kind === kind).length;
  return { moves: n('move'), interceptions: n('interception'), avoids: n('avoid'), retreats: n('retreat') };
}

export interface RecorderOptions {
  readonly seed: number;
  /** The page's title; by default the scenario's (its `title`, else its `name`). */
  readonly title?: Text;
  /** The page's description; by default the scenario's. */
  readonly description?: Text;
  /**
   * The odds of each listed answer of a frame's pending decision (advice.ts: advise() on the session as recorded),
   * called with the frame's index for every frame that has one; without it the frames carry no odds.
   */
  readonly odds?: (session: Session, frame: number) => OddsView | undefined;
}

/**
 * Builds a WalkthroughModel as a session goes. `record` after the session starts and after every accepted answer
 * (a send or a roll); `truncate` after an undo; `stop` when a scripted answer was refused. Give it the StepCapture
 * whose inspector the session was created with, and each step gets its own board (else the frame's is shown).
 */
export class WalkthroughRecorder {
  readonly model: WalkthroughModel;
  /** One row per trace step, as the trace has it (the steps are composed from them). */
  private readonly rows: Row[] = [];
  private readonly marks: Mark[] = [];
  private readonly world: Pick<Scenario['world'], 'board' | 'leaders'>;
  private readonly scenario: Scenario;
  private capture: StepCapture | undefined;
  /** How many microsteps of each machine the recorded steps have used. */
  private readonly used = new Map<string, number>();
  /** The losses marked on the boards so far (the last row's). */
  private seen: Seen = NOTHING_SEEN;
  /** The losses marked on the frames so far. */
  private frameSeen: Seen = NOTHING_SEEN;
  /** Each distinct board's index in model.boards. */
  private readonly boardIndex = new Map<string, number>();
  private readonly odds: RecorderOptions['odds'];

  constructor(scenario: Scenario, session: Session, options: RecorderOptions, capture?: StepCapture) {
    this.scenario = scenario;
    this.odds = options.odds;
    this.capture = capture;
    this.world = { board: scenario.board, leaders: scenario.leaders };
    this.model = {
      format: 'his-walkthrough',
      version: 2,
      title: options.title ?? scenarioTitle(scenario.data) ?? { en: 'A move', ru: 'Ход' },
      description: options.description ?? scenarioDescription(scenario.data) ?? null,
      alternativeReadings: Object.entries(scenario.data.rulings ?? {})
        .filter(([, r]) => r === 'alternative')
        .map(([id]) => id),
      seed: options.seed,
      steps: [],
      frames: [],
      boards: [],
      rules: {},
      maps: {},
      leaders: {},
      powers: { ...POWER_NAMES },
      procedures: Object.fromEntries(MACHINE_IDS.map((id) => [id, procedureMeta(id)])),
      stopped: null,
    };
    this.record(session);
  }

  /** Appends what the session did since the last record: its new trace steps and a frame of the board. */
  record(session: Session, source?: Source): void {
    const before = this.marks.at(-1);
    const frameIndex = this.model.frames.length;
    const pendingBefore = this.model.frames.at(-1)?.pending ?? null;
    const log = session.log;
    const newLog = log.slice(before?.log ?? 0);
    const answers: AnswerView[] = newLog.map((a, i) => {
      const src: Source = a.source === 'host' && source ? source : a.source;
      return { event: a.event, source: src, label: answerLabel(this.world, a.event, i === 0 ? pendingBefore : null) };
    });
    const summary = session.summary;
    const transit = session.inTransit;
    const pending = session.pending;
    const counts = before?.counts ?? { moves: 0, interceptions: 0, avoids: 0, retreats: 0 };
    const arrows = this.arrows(summary, counts, transit, this.model.frames.at(-1)?.arrows ?? []);
    const { centre, origin } = this.centre(summary, transit, pending);
    const position = positionView(session.position);
    const fallen = this.fallen(summary, this.frameSeen, this.model.frames.at(-1)?.position);
    this.frameSeen = seenIn(summary);
    const odds = pending ? this.odds?.(session, frameIndex) : undefined;
    const frame: FrameView = {
      answer: answers[0] ?? null,
      pending: pending ? this.decisionView(pending, session.position.hands) : null,
      ...(odds ? { odds } : {}),
      position,
      transit: transit ? { from: transit.from, to: transit.to, stacks: transit.stacks.map(stackView) } : null,
      arrows,
      fallen,
      map: this.map(centre, origin, [
        ...arrows.flatMap((a) => [a.from, a.to ?? a.from]),
        ...position.stacks.map((s) => s.space),
      ]),
      done: session.result !== null,
    };
    this.model.frames.push(frame);
    this.noteLeaders(frame);

    // Each accepted event makes exactly one step whose event is its type; the steps after it are eventless.
    let next = 0;
    const trace = session.trace.slice(before?.trace ?? 0);
    trace.forEach((entry, i) => {
      const meta = metaOf(entry.machine, entry.state);
      const captured = this.captured(entry);
      const board = this.boardAfter(captured, pending);
      const waitsHere = captured && i < trace.length - 1 ? metaAt(captured) : undefined;
      // A machine that waited here and went on within the same answer: the engine gave the one legal answer (R9).
      const forced =
        captured && waitsHere && (waitsHere.decision || waitsHere.roll)
          ? this.decisionView(
              buildDecision({
                machine: captured.machine as MachineId,
                state: captured.state,
                meta: waitsHere,
                context: captured.snapshot.context,
              }),
            )
          : undefined;
      const answer = next < answers.length && entry.event === answers[next]!.event.type ? answers[next++] : undefined;
      const src: Source = answer ? answer.source : entry.source === 'host' && source ? source : entry.source;
      const row: Row = {
        seen: this.seen,
        step: entry.step,
        machine: entry.machine,
        state: entry.state,
        stateId: [entry.machine, ...statePath(entry.state)].join('.'),
        ...(entry.from !== undefined ? { from: entry.from } : {}),
        event: entry.event,
        source: src,
        headline: entry.headline,
        note: entry.note,
        title: meta?.title ?? { en: entry.state, ru: entry.state },
        rule: meta?.rule ?? '',
        ...(meta?.ruling ? { ruling: meta.ruling } : {}),
        guards: entry.guards.map((g) => ({ name: g.name, rule: g.rule, result: g.result })),
        frame: frameIndex,
        ...(answer ? { answer } : {}),
        ...(answer && answer === answers[0] ? this.diceOf(answer.event, pendingBefore) : {}),
        ...(i === trace.length - 1 && pending ? { waits: true } : {}),
        ...(board !== undefined ? { board } : {}),
        ...(forced ? { forced } : {}),
        ...(entry.skipped ? { skipped: entry.skipped.map((d) => this.skippedView(d)) } : {}),
      };
      this.rows.push(row);
      if (forced) {
        this.noteLeaders(forced);
        this.noteRules(['R9']);
      }
      this.noteRules([
        row.rule,
        row.ruling,
        ...row.guards.map((g) => g.rule),
        ...(row.dice?.modifiers.map((m) => m.rule) ?? []),
      ]);
    });
    this.marks.push({
      trace: session.trace.length,
      log: log.length,
      counts: this.counted(summary),
      seen: this.frameSeen,
    });
    this.compose();
  }

  /**
   * The steps from the rows: each state with what happened in it, read from the row that left it (the next row of
   * the same machine, whose `from` is this state). A machine's rows are in order in the trace, and a procedure
   * invoked again starts with a row of its own, so the latest row of a machine is the one a new row leaves.
   */
  private compose(): void {
    const leaving = new Map<number, Row>();
    const latest = new Map<string, number>();
    this.rows.forEach((row, i) => {
      const k = latest.get(row.machine);
      if (row.event !== 'start' && k !== undefined && this.rows[k]!.state === row.from) leaving.set(k, row);
      latest.set(row.machine, i);
    });
    const done = this.model.frames.at(-1)?.done ?? false;
    const steps = this.rows.map((row, i): StepView => {
      const out = leaving.get(i);
      // A leaving row that says nothing new carries the title of the state it entered: this state keeps its own.
      const told = out !== undefined && (out.headline || !sameText(out.note, out.title));
      const board = out?.board ?? row.board;
      // A state that invokes a procedure changes the board through the procedure's own steps, which show it.
      const changed =
        out !== undefined &&
        !out.event.startsWith('done:') &&
        out.board !== undefined &&
        row.board !== undefined &&
        this.boardChanged(row.board, out.board);
      const last = i === this.rows.length - 1;
      return {
        step: row.step,
        machine: row.machine,
        state: row.state,
        stateId: row.stateId,
        title: row.title,
        rule: row.rule,
        ...(row.ruling ? { ruling: row.ruling } : {}),
        entered: { event: row.event, source: row.source, ...(row.board !== undefined ? { board: row.board } : {}) },
        ...(out
          ? { leaves: { step: out.step, event: out.event, source: out.source, to: out.stateId, toTitle: out.title } }
          : {}),
        note: told ? out.note : row.title,
        headline: out?.headline ?? false,
        story:
          told ||
          changed ||
          row.waits === true ||
          row.forced !== undefined ||
          out?.skipped !== undefined ||
          out?.answer !== undefined ||
          (last && (done || this.model.stopped !== null)),
        guards: out?.guards ?? [],
        frame: row.frame,
        ...(out?.answer ? { answer: out.answer } : {}),
        ...(out?.dice ? { dice: out.dice } : {}),
        ...(row.waits ? { waits: true } : {}),
        ...(board !== undefined ? { board } : {}),
        ...(row.forced ? { forced: row.forced } : {}),
        ...(out?.skipped ? { skipped: out.skipped } : {}),
      };
    });
    this.model.steps.length = 0;
    this.model.steps.push(...steps);
  }

  /** Whether anything moved, arrived or was lost between two boards (a loss's mark going away is no change). */
  private boardChanged(before: number, after: number): boolean {
    if (before === after) return false;
    const a = this.model.boards[before]!;
    const b = this.model.boards[after]!;
    const pieces = (x: BoardView) => JSON.stringify([x.position, x.transit, x.arrows]);
    return b.fallen.length > 0 || pieces(a) !== pieces(b);
  }

  /** The microstep a trace step was, when the capture saw it (a machine's start is no microstep). */
  private captured(entry: {
    readonly machine: string;
    readonly state: string;
    readonly event: string;
  }): CapturedStep | undefined {
    if (!this.capture || entry.event === 'start') return undefined;
    const n = this.used.get(entry.machine) ?? 0;
    this.used.set(entry.machine, n + 1);
    const step = this.capture.nth(entry.machine, n);
    // The capture and the trace disagree (a session rebuilt after an engine fault): no step boards from here on.
    if (!step || step.state !== entry.state) this.capture = undefined;
    return this.capture ? step : undefined;
  }

  /**
   * The board after a step, as an index into model.boards: the stepping machine's world, the movement machine's
   * formation on its way, and the arrows of what its summary gained. A machine's start changes nothing: the board
   * stays the previous step's (the first step's is the scenario's).
   */
  private boardAfter(captured: CapturedStep | undefined, pending: Decision | null): number | undefined {
    if (!this.capture) return undefined;
    const previous = this.rows.at(-1)?.board;
    const before: BoardView | undefined = previous === undefined ? undefined : this.model.boards[previous];
    if (this.rows.length > 0 && !before) return undefined;
    if (!captured && before) return previous;
    const context = captured ? contextOf(captured) : undefined;
    const summary = context?.summary ?? EMPTY_SUMMARY;
    const position = positionView(context?.world.position ?? this.scenario.world.position);
    const leg = captured?.machine === 'movement' ? transitOf(captured) : undefined;
    const transit =
      leg === undefined
        ? (before?.transit ?? null)
        : leg && { from: leg.from, to: leg.to, stacks: leg.formation.map(stackView) };
    const arrows = this.arrows(summary, countsOf(before?.arrows ?? []), transit, before?.arrows ?? []);
    const fallen = captured ? this.fallen(summary, this.seen, before?.position) : [];
    if (captured) this.seen = seenIn(summary);
    const { centre, origin } = this.centre(summary, transit, pending);
    const map = this.map(centre, origin, [
      ...arrows.flatMap((a) => [a.from, a.to ?? a.from]),
      ...position.stacks.map((s) => s.space),
      ...fallen.map((f) => f.space),
    ]);
    const board: BoardView = { position, transit, arrows, fallen, map };
    const key = JSON.stringify(board);
    const known = this.boardIndex.get(key);
    if (known !== undefined) return known;
    this.model.boards.push(board);
    this.boardIndex.set(key, this.model.boards.length - 1);
    this.noteLeaders(board);
    return this.model.boards.length - 1;
  }

  /**
   * Forgets every frame from `frames` on (an undo): the session went back to where that frame began. `capture` is
   * the session's inspector: the one the recorder has (`session.undo()`: the microsteps taken back are forgotten
   * there too), or a restored session's own (it saw the replay of the kept answers).
   */
  truncate(frames: number, capture?: StepCapture): void {
    const keep = Math.max(1, frames);
    this.model.frames.length = Math.min(this.model.frames.length, keep);
    this.marks.length = Math.min(this.marks.length, keep);
    const rows = this.rows.filter((s) => s.frame < keep);
    this.rows.length = 0;
    this.rows.push(...rows);
    this.model.stopped = null;
    this.used.clear();
    for (const s of rows) if (s.event !== 'start') this.used.set(s.machine, (this.used.get(s.machine) ?? 0) + 1);
    if (capture && capture === this.capture) capture.truncate((machine) => this.used.get(machine) ?? 0);
    this.capture = capture && (rows.length === 0 || rows.at(-1)!.board !== undefined) ? capture : undefined;
    this.seen = rows.at(-1)?.seen ?? NOTHING_SEEN;
    const frame = this.model.frames.at(-1);
    this.frameSeen = frame ? this.marks.at(-1)!.seen : NOTHING_SEEN;
    this.compose();
  }

  /** A scripted answer the engine refused: the replay ends with it. */
  stop(
    event: EngineEvent,
    source: Source,
    error: { code: string; rule?: string; ruling?: string; message: string; reason?: Text },
  ): void {
    const stop: StopView = {
      code: error.code,
      ...(error.rule ? { rule: error.rule } : {}),
      ...(error.ruling ? { ruling: error.ruling } : {}),
      reason: error.reason ?? { en: error.message, ru: error.message },
      answer: { event, source, label: answerLabel(this.world, event, this.model.frames.at(-1)?.pending ?? null) },
    };
    this.model.stopped = stop;
    this.noteRules([stop.rule, stop.ruling]);
    this.compose();
  }

  private counted(s: Summary): Counts {
    return {
      moves: s.moves.length,
      interceptions: s.interceptions.length,
      avoids: s.avoids.length,
      retreats: s.retreats.length,
    };
  }

  /** Arrows of everything the summary gained, added to the previous frame's (an interception points at the move's destination then). */
  private arrows(
    s: Summary,
    counts: Counts,
    transit: { readonly to: string } | null,
    previous: readonly ArrowView[],
  ): ArrowView[] {
    const out = [...previous];
    let destination = s.moves[counts.moves - 1]?.to;
    for (const m of s.moves.slice(counts.moves)) {
      out.push({ kind: 'move', power: m.power, from: m.from, to: m.to });
      destination = m.to;
    }
    destination ??= transit?.to ?? this.scenario.data.move?.to;
    for (const i of s.interceptions.slice(counts.interceptions))
      out.push({ kind: 'interception', power: i.power, from: i.from, to: destination ?? i.from, success: i.success });
    for (const a of s.avoids.slice(counts.avoids))
      out.push({ kind: 'avoid', power: a.power, from: a.from, to: a.to, success: a.success });
    for (const r of s.retreats.slice(counts.retreats))
      out.push({ kind: 'retreat', power: r.power, from: r.from, to: r.to });
    return out;
  }

  /** The pieces the summary lost since `seen`: each battle side's losses, what retreats eliminated, the captures. */
  private fallen(s: Summary, seen: Seen, previous: PositionView | undefined): FallenView[] {
    const out: FallenView[] = [];
    const none = { regulars: 0, mercenaries: 0, cavalry: 0, leaders: [] };
    if (s.battle && !seen.battle)
      for (const side of [s.battle.attacker, s.battle.defender]) {
        const l = side.losses;
        const power = side.powers[0];
        if (power && l.regulars + l.mercenaries + l.cavalry > 0)
          out.push({ ...none, space: s.battle.space, power, kind: 'eliminated', ...l });
      }
    for (const r of s.retreats.slice(seen.retreats)) {
      const e = r.eliminated;
      if (e.regulars + e.mercenaries + e.cavalry > 0)
        out.push({ ...none, space: r.from, power: r.power, kind: 'eliminated', ...e });
    }
    const taken = new Map<string, { space: string; power: Power; by: Power; leaders: string[] }>();
    for (const c of s.captures.slice(seen.captures)) {
      // The power he served: the stack he stood in before (a two-sided or renegade counter serves whoever has him).
      const own = this.scenario.leaders.get(c.leader)?.power;
      const stood = previous?.stacks.find((st) => st.leaders.includes(c.leader))?.power;
      const power: Power = stood ?? (own && own !== 'any' ? own : c.by);
      const key = `${c.space}|${power}|${c.by}`;
      const group = taken.get(key) ?? { space: c.space, power, by: c.by, leaders: [] as string[] };
      group.leaders.push(c.leader);
      taken.set(key, group);
    }
    for (const g of taken.values()) out.push({ ...none, ...g, kind: 'captured' });
    return out;
  }

  /** The space the map is drawn around: the destination of the latest move, and the space it came from. */
  private centre(
    s: Summary,
    transit: { readonly from: string; readonly to: string } | null,
    pending: Decision | null,
  ): { centre: string; origin: string | null } {
    const last = s.moves.at(-1);
    if (last) return { centre: last.to, origin: last.from };
    if (transit) return { centre: transit.to, origin: transit.from };
    const move = this.scenario.data.move;
    if (move) return { centre: move.to, origin: move.from };
    const option = pending?.options.find((o) => o.event.type === 'move.declare')?.event;
    if (option && option.type === 'move.declare') return { centre: option.from, origin: null };
    const impulse = this.scenario.data.impulse.power;
    const own = this.scenario.data.stacks.find((st) => st.power === impulse) ?? this.scenario.data.stacks[0];
    return { centre: own?.space ?? this.scenario.board.spaces.keys().next().value ?? '', origin: null };
  }

  /** A decision nobody was asked (ruling R9), its refused candidates with the trace's own labels. */
  private skippedView(d: TraceSkipped): SkippedView {
    this.noteRules(['R9', d.rule, ...d.refused.flatMap((r) => [r.rule, r.ruling])]);
    return { ...d, powerName: POWER_NAMES[d.power] };
  }

  private decisionView(d: Decision, hands?: Position['hands']): DecisionView {
    this.noteRules([
      d.rule,
      d.ruling,
      ...d.blocked.flatMap((b) => [b.rule, b.ruling]),
      ...(d.roll?.modifiers.flatMap((m) => [m.rule, m.ruling]) ?? []),
    ]);
    const plain = JSON.parse(JSON.stringify(d)) as Decision;
    return {
      ...plain,
      powerName: POWER_NAMES[d.power],
      // The verb agrees with the power's name: «Габсбурги решают», «Франция решает».
      verb:
        d.kind === 'roll'
          ? agree(power(d.power), 'rolls', 'бросают|бросает')
          : agree(power(d.power), 'decides', 'решают|решает'),
      ...(d.kind === 'card' && hands ? { hands: handsText(hands) } : {}),
    };
  }

  /** The dice of a roll, with what the pending roll said it adds and needs. */
  private diceOf(event: EngineEvent, before: DecisionView | null): { dice?: DiceView } {
    if (event.type !== 'dice.rolled' || !event.values || !before?.roll) return {};
    const roll = before.roll;
    const values = [...event.values];
    const raw = sum(values);
    const modifiers = roll.modifiers.map((m) => ({
      rule: m.rule,
      ...(m.ruling ? { ruling: m.ruling } : {}),
      value: m.value,
      reason: m.reason,
    }));
    const base = {
      // A card's dice after both rolls (ruling R31) are shown as dice of the side they join; the rule says 14 step 7.
      purpose: roll.purpose === 'card' ? (roll.side ?? 'attacker') : roll.purpose,
      power: before.power,
      rule: before.rule,
      values,
      modifiers,
      terms: roll.terms,
      target: roll.target,
      sum: raw,
    };
    if (roll.target === null) {
      const pools = cardPools(values, roll.terms);
      return { dice: { ...base, hits: countHits(values, roll.terms), ...(pools.length ? { pools } : {}) } };
    }
    const total = raw + sum(modifiers.map((m) => m.value));
    return { dice: { ...base, total, success: total >= roll.target } };
  }

  /** The map around `centre`: it, the origin and their neighbours, and any other space an arrow or a stack needs that lies close. */
  private map(centre: string, origin: string | null, wanted: readonly string[]): string {
    const board = this.scenario.board;
    if (!board.spaces.has(centre)) return '';
    const near = new Set([centre, ...(origin && board.spaces.has(origin) ? [origin] : [])]);
    for (const id of [...near]) for (const n of board.spaces.get(id)!.neighbours) near.add(n);
    const layout = localLayout(board, centre, 3);
    const placed = new Set(layout.spaces.map((s) => s.id));
    // Arrows always touch the neighbourhood; a stack further away is shown only when it is within two steps.
    const extra = [...new Set(wanted)].filter(
      (id) => !near.has(id) && placed.has(id) && (layout.spaces.find((s) => s.id === id)?.steps ?? 9) <= 2,
    );
    const key = [centre, origin ?? '', ...extra.sort()].join('|');
    if (Object.hasOwn(this.model.maps, key)) return key;
    for (const id of extra) near.add(id);
    const chosen = layout.spaces.filter((s) => near.has(s.id));
    const points = spread(chosen.map((s) => ({ id: s.id, x: s.x, y: s.y })));
    const map: MapView = {
      centre,
      origin,
      spaces: points.map((p) => {
        const sp = board.spaces.get(p.id)!;
        return {
          id: p.id,
          name: spaceName(this.world, p.id),
          x: p.x,
          y: p.y,
          fortified: sp.fortified,
          type: sp.type,
          home: sp.home,
        };
      }),
      edges: layout.edges.filter((e) => near.has(e.a) && near.has(e.b)).map((e) => ({ a: e.a, b: e.b, kind: e.kind })),
    };
    this.model.maps[key] = map;
    return key;
  }

  private noteLeaders(frame: unknown): void {
    const ids = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          if ((k === 'leaders' || k === 'captured') && Array.isArray(x))
            for (const l of x) if (typeof l === 'string') ids.add(l);
          if (k === 'leader' && typeof x === 'string') ids.add(x);
          walk(x);
        }
    };
    walk(frame);
    for (const id of ids)
      if (!Object.hasOwn(this.model.leaders, id)) this.model.leaders[id] = leaderName(this.world, id);
  }

  private noteRules(refs: readonly (string | undefined)[]): void {
    for (const ref of refs) {
      if (!ref || Object.hasOwn(this.model.rules, ref)) continue;
      const s = ruleSummary(ref);
      if (s) this.model.rules[ref] = s;
    }
  }
}

/** The least distance between two spaces of a drawn map, as a share of its side: room for a name and a counter. */
const MAP_MIN_DISTANCE = 0.32;

/**
 * Fits the points to the unit square, then pushes apart any two closer than MAP_MIN_DISTANCE (geography squeezed
 * Vienna and Pressburg together), and fits again. Deterministic: the same points always give the same picture.
 */
export function spread(
  points: readonly { id: string; x: number; y: number }[],
): { id: string; x: number; y: number }[] {
  const fit = (ps: { id: string; x: number; y: number }[]) => {
    const xs = ps.map((p) => p.x);
    const ys = ps.map((p) => p.y);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const size = Math.max(maxX - minX, maxY - minY) || 1;
    return ps.map((p) => ({
      id: p.id,
      x: 0.5 + (p.x - (minX + maxX) / 2) / size,
      y: 0.5 + (p.y - (minY + maxY) / 2) / size,
    }));
  };
  let ps = fit(points.map((p) => ({ ...p })));
  // Pushing apart widens the picture and fitting it again shrinks it: a few rounds of both settle.
  for (let round = 0; round < 6; round++) {
    nudge(ps, MAP_MIN_DISTANCE, 60);
    ps = fit(ps);
  }
  const round = (v: number) => Math.round(v * 10000) / 10000;
  return ps.map((p) => ({ id: p.id, x: round(p.x), y: round(p.y) }));
}

export interface ReplayEvent {
  readonly event: unknown;
  readonly source?: Source;
}

/**
 * Replays events through a new session (createSession, then send each one), recording every step. An event the
 * engine refuses stops the replay; the model says which and why.
 */
export function replayModel(
  scenario: Scenario,
  events: readonly ReplayEvent[],
  options: RecorderOptions,
): WalkthroughModel {
  const capture = new StepCapture();
  const session = createSession(scenario, { seed: options.seed, inspect: capture.inspect });
  const recorder = new WalkthroughRecorder(scenario, session, options, capture);
  for (const { event, source } of events) {
    const r = session.sendUntrusted(event);
    if (!r.ok) {
      recorder.stop(event as EngineEvent, source ?? 'host', r.error);
      break;
    }
    recorder.record(session, source ?? 'host');
  }
  // The page shows each text in its two languages: a text's message (its id and parameters, for hosts) stays out.
  return JSON.parse(JSON.stringify(recorder.model, withoutMessages)) as WalkthroughModel;
}

function withoutMessages(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('id' in value) || !('en' in value) || !('ru' in value))
    return value;
  const { id: _id, params: _params, ...text } = value as Record<string, unknown>;
  return text;
}

/**
 * Who holds which cards as a card window asks (ruling R33): "Cards in hand: Ottoman — Field Artillery (#25),
 * Janissaries (#1); Hapsburg — no cards". Every power the scenario dealt cards to, in the scenario's order.
 */
export function handsText(hands: Position['hands']): Text {
  const each = Object.entries(hands ?? {}).map(([p, cards]) =>
    cards && cards.length
      ? msg('walkthrough.hand', '{power} — {cards}', '{power} — {cards}', {
          power: power(p as Power),
          cards: listText(
            'list.and',
            cards.map((c) => cardTitle(c)),
          ),
        })
      : msg('walkthrough.hand.empty', '{power} — no cards', '{power} — карт нет', { power: power(p as Power) }),
  );
  return msg('walkthrough.hands', 'Cards in hand ({rule}): {hands}', 'Карты на руках ({rule}): {hands}', {
    rule: cite('R33'),
    hands: each.length ? joinText(each, '; ') : msg('walkthrough.hands.none', 'none', 'ни у кого'),
  });
}

/**
 * The dice a card put in a battle roll, card by card: a pool of its own (14 steps 4–7, rulings R27, R30, R31), with
 * the faces its dice hit on and the hits they scored — "Tercios (#30): 3 dice, hitting on 4, 5 or 6 — 1 hit".
 */
export function cardPools(values: readonly number[], terms: DiceView['terms']): CardPoolView[] {
  const dice = termDice(terms);
  const marks = hitMarks(values, terms);
  const pools: CardPoolView[] = [];
  let at = 0;
  terms.forEach((term, i) => {
    const n = dice[i]!;
    const hits = marks.slice(at, at + n).filter(Boolean).length;
    at += n;
    if (term.source.kind !== 'card' || n === 0 || term.hitOn === null) return;
    const card = term.source.card as CardId;
    pools.push({
      card,
      dice: n,
      hits,
      hitOn: term.hitOn,
      label: msg(
        'walkthrough.cardPool',
        '{card}: {dice}, hitting on {faces} — {hits} ({rule})',
        '{card}: {dice}, попадания на {faces} — {hits} ({rule})',
        {
          card: cardTitle(card),
          dice: count(n, NOUNS.die),
          faces: facesText(term.hitOn),
          hits: count(hits, NOUNS.hit),
          rule: term.ruling ? cite(term.rule, term.ruling) : cite(term.rule),
        },
      ),
    });
  });
  return pools;
}
