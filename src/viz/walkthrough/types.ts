// The walkthrough's data: one entry per trace step, one frame per accepted answer, and the geometry of the map
// around the battle. All text is bilingual ({en, ru}); rule references stay raw ('14 step 6') and are cited in the
// page's language when drawn. JSON-safe: the page embeds it, and the page's script reads it back.
import type { Decision } from '../../schema/decision.ts';
import type { DiceTerm } from '../../schema/dice.ts';
import type { EngineEvent } from '../../schema/events.ts';
import type { Power } from '../../schema/power.ts';
import type { TraceSkipped } from '../../engine/trace.ts';
import type { Text } from '../../index.ts';

export type Source = 'host' | 'script' | 'policy' | 'seeded' | 'engine' | 'start';

/** An accepted event and who gave it, with a label a reader understands. */
export interface AnswerView {
  readonly event: EngineEvent;
  readonly source: Source;
  readonly label: Text;
}

export interface ModifierView {
  readonly rule: string;
  readonly ruling?: string | undefined;
  readonly value: number;
  readonly reason: Text;
}

/** A roll as it was made: the dice, what was added, and what it needed. */
export interface DiceView {
  readonly purpose: 'interception' | 'avoid' | 'attacker' | 'defender';
  readonly power: Power;
  readonly rule: string;
  readonly values: readonly number[];
  readonly modifiers: readonly ModifierView[];
  /** The roll's terms, as the pending roll listed them: which die belongs to which, and the faces it hits on. */
  readonly terms: readonly DiceTerm[];
  /** 2d6 rolls: the modified total that succeeds. Field-battle dice: null (their terms say which faces hit). */
  readonly target: number | null;
  readonly sum: number;
  /** 2d6 rolls: the dice plus the modifiers, and whether that reached the target. */
  readonly total?: number;
  readonly success?: boolean;
  /** Field-battle dice: how many hit (a 5 or a 6, or what the die's term hits on). */
  readonly hits?: number;
  /** Field-battle dice: the dice each card put in the roll, card by card, drawn as a pool of their own. */
  readonly pools?: readonly CardPoolView[];
}

/** The dice one card put in a battle roll (rulings R27, R30, R31): how many, the faces they hit on, their hits. */
export interface CardPoolView {
  readonly card: string;
  readonly dice: number;
  readonly hitOn: number;
  readonly hits: number;
  readonly label: Text;
}

/**
 * One state a machine was in: one trace step (the one that entered the state), shown with what happened in it — the
 * trace step that left it (its `from` is this state): its note, the conditions checked, the answer given, the dice.
 * "Attacker's dice" shows the attacker's roll; "Winner" the winner. A state the machine has not left (the end, or
 * where it waits now) has its title as its note and nothing checked yet.
 */
export interface StepView {
  /** The trace's step number (1-based): what `#step=N` points at. */
  readonly step: number;
  readonly machine: string;
  readonly state: string;
  /** '<machine>.<state path>': the `data-state` of the statechart's node, and the page's `data-step-state`. */
  readonly stateId: string;
  /** The state's own title and rule (its meta). */
  readonly title: Text;
  readonly rule: string;
  readonly ruling?: string;
  /**
   * How the machine came here: the entering step's event ('start', 'always', 'done:<machine>' or a type), its source,
   * and the board as it entered (an index into `boards`).
   */
  readonly entered: { readonly event: string; readonly source: Source; readonly board?: number };
  /** The trace step that left this state, and where it went; absent while the machine is here (or at its end). */
  readonly leaves?: {
    readonly step: number;
    readonly event: string;
    readonly source: Source;
    readonly to: string;
    readonly toTitle: Text;
  };
  /** What happened in this state: the leaving step's note (the state's title when it has not left). */
  readonly note: Text;
  /** The leaving step's note is one of the narrative's (the engine's headline). */
  readonly headline: boolean;
  /** A step of the story: a decision, a roll, something the engine narrates, a change on the board, or the end. */
  readonly story: boolean;
  /** The conditions checked in this state, as it was left. */
  readonly guards: readonly { readonly name: string; readonly rule: string; readonly result: boolean }[];
  /** The frame (board and pending decision) in which the machine entered this state. */
  readonly frame: number;
  /** The accepted event that moved the machine on from this state, when one did. */
  readonly answer?: AnswerView;
  readonly dice?: DiceView;
  /** The machine waits here for the frame's pending decision. */
  readonly waits?: boolean;
  /** The board after what happened in this state (an index into `boards`); absent when it could not be read. */
  readonly board?: number;
  /** Ruling R9: the machine waited here for a decision with one legal answer, which the engine gave itself. */
  readonly forced?: DecisionView;
  /** Ruling R9: the decisions passed over here without asking anybody, each refused candidate with its label. */
  readonly skipped?: readonly SkippedView[];
}

/** A decision nobody was asked (ruling R9): the trace's record, each refused candidate with the trace's label. */
export type SkippedView = TraceSkipped & { readonly powerName: Text };

/** A stack of one power in one space, on one side of the walls. */
export interface StackView {
  readonly space: string;
  readonly power: Power;
  readonly regulars: number;
  readonly mercenaries: number;
  readonly cavalry: number;
  readonly leaders: readonly string[];
  readonly inside: boolean;
  readonly lostBattle: boolean;
  readonly attemptedInterception: boolean;
}

export interface ArrowView {
  readonly kind: 'move' | 'interception' | 'avoid' | 'retreat';
  readonly power: Power;
  readonly from: string;
  /** null: a retreat with no legal space (the units were eliminated). */
  readonly to: string | null;
  /** Interceptions and avoids: whether the roll succeeded. */
  readonly success?: boolean;
}

export interface PositionView {
  readonly stacks: readonly StackView[];
  /** Control overrides; any other space is its home power's (ruling R15). */
  readonly control: Readonly<Record<string, Power>>;
  readonly sieges: readonly { readonly space: string; readonly by: readonly Power[] }[];
  readonly unrest: readonly string[];
  readonly captured: readonly { readonly leader: string; readonly by: Power }[];
  readonly impulse: { readonly power: Power; readonly cp: number };
}

/** A blocked answer with the decision's own label (its `option` is only the part that differs, e.g. {to: 'pressburg'}). */
export type BlockedView = Decision['blocked'][number];
export type DecisionView = Omit<Decision, 'blocked'> & {
  readonly blocked: readonly BlockedView[];
  readonly powerName: Text;
  /** "decides" / «решают», «решает»: the header's verb, agreeing with the power's name. */
  readonly verb: Text;
  /** A card window (ruling R33): who holds which cards as it asks. */
  readonly hands?: Text;
};

/**
 * Pieces lost in one step, marked where they were: land units eliminated (battle losses, a retreat with no way out)
 * or leaders captured. They are off the board after it; the map marks them at the step where it happens.
 */
export interface FallenView {
  readonly space: string;
  /** Whose pieces they were (a battle side's leading power). */
  readonly power: Power;
  readonly kind: 'eliminated' | 'captured';
  readonly regulars: number;
  readonly mercenaries: number;
  readonly cavalry: number;
  readonly leaders: readonly string[];
  /** Captured: the power that took them. */
  readonly by?: Power;
}

/** The board: the units and leaders, the formation on its way, and the arrows so far, with the map to draw them on. */
export interface BoardView {
  readonly position: PositionView;
  readonly transit: { readonly from: string; readonly to: string; readonly stacks: readonly StackView[] } | null;
  readonly arrows: readonly ArrowView[];
  /** What this step eliminated or captured (empty on most steps). */
  readonly fallen: readonly FallenView[];
  /** The key of `maps` to draw this board on. */
  readonly map: string;
}

/** An exact chance or expectation (src/review/advise.ts): the fraction as text ("5/12") and as a number. */
export interface ExactView {
  readonly fraction: string;
  readonly value: number;
}

/** What one listed answer gives to the end of the move, under the default policy (advise()). */
export interface AnswerOddsView {
  /** The answer's place in the decision's options (a roll: 0, rolling it). */
  readonly index: number;
  /** The moving power wins a field battle; a battle is fought at all. */
  readonly win: ExactView;
  readonly battle: ExactView;
  readonly capture: ExactView;
  readonly siege: ExactView;
  readonly retreat: ExactView;
  /** Expected land units lost by the moving power, and by every other power together. */
  readonly losses: { readonly mover: ExactView; readonly others: ExactView };
}

/**
 * The advisor's odds for every listed answer of a frame's pending decision, or the bound that stopped it. Worked out
 * where the frame was recorded: when the page was written (the replay), or in the page (play mode), which also says
 * how long its advise() call took.
 */
export type OddsView =
  | {
      readonly policy: 'decline';
      /** The power whose impulse it is: 'mover' in the losses. */
      readonly mover: Power;
      /** Its name, and in Russian its genitive («победа Османов»). */
      readonly moverName: { readonly name: Text; readonly gen: Text };
      readonly answers: readonly AnswerOddsView[];
      /** Distinct states the advisor expanded for all the answers. */
      readonly states: number;
      /** Milliseconds advise() took, when it ran in the page (a page written in Node carries no timings). */
      readonly ms?: number;
    }
  | {
      readonly stopped: { readonly limit: 'maxPaths' | 'maxNodes' | 'maxMs'; readonly value: number };
      readonly ms?: number;
    };

/** The board, the pending decision and the arrows after one accepted answer (frame 0: before any). */
export interface FrameView extends BoardView {
  readonly answer: AnswerView | null;
  readonly pending: DecisionView | null;
  /** The exact odds of each listed answer of `pending` (absent when the page was made without them). */
  readonly odds?: OddsView;
  readonly done: boolean;
}

export interface MapSpace {
  readonly id: string;
  readonly name: Text;
  /** In the unit square, y down. */
  readonly x: number;
  readonly y: number;
  readonly fortified: boolean;
  readonly type: string;
  readonly home: Power;
}

/** The destination, the origin and their neighbours, placed (src/data/layout.ts). */
export interface MapView {
  readonly centre: string;
  readonly origin: string | null;
  readonly spaces: readonly MapSpace[];
  readonly edges: readonly { readonly a: string; readonly b: string; readonly kind: 'clear' | 'pass' }[];
}

export interface StopView {
  readonly code: string;
  readonly rule?: string;
  readonly ruling?: string;
  readonly reason: Text;
  readonly answer: AnswerView;
}

export interface WalkthroughModel {
  readonly format: 'his-walkthrough';
  readonly version: 2;
  readonly title: Text;
  readonly description: Text | null;
  /** The rulings read the other way in this scenario (`rulings`, src/schema/rulings.ts); empty: as RULINGS.md. */
  readonly alternativeReadings?: readonly string[];
  readonly seed: number;
  readonly steps: StepView[];
  readonly frames: FrameView[];
  /** The board after each step, each distinct board once (steps point here). */
  readonly boards: BoardView[];
  /** The registry's summary of every rule reference the page cites. */
  readonly rules: Record<string, Text>;
  readonly maps: Record<string, MapView>;
  readonly leaders: Record<string, Text>;
  /** Every power's name. */
  readonly powers: Record<string, Text>;
  /** Every procedure machine's title and rule (its root meta), by machine id. */
  readonly procedures: Record<string, { readonly title: Text; readonly rule: string }>;
  /** Set when a scripted answer was refused: the replay stops there. */
  stopped: StopView | null;
}
