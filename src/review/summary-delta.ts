// What part of a move added to the summary, as a value that composes: the exploration memoises states without
// their summary, so a reviewer's query over the whole summary (explore's `where`) needs, for every class of paths
// below a state, what those paths add to it. A delta keeps, per list, how many entries it takes off the end (none:
// the summary is only appended to) and what it appends, and per single field (battle, siege, CP spent) its final
// value when it changed; counted from the end, it applies to whatever summary a path had on arriving at the state,
// and gives the summary at the end of the move. Deltas are interned (one object and one id per distinct delta), so
// classes that add the same things share them.
import type { Summary } from '../schema/result.ts';

type ListKey = { [K in keyof Summary]-?: Summary[K] extends readonly unknown[] ? K : never }[keyof Summary];
type FieldKey = Exclude<keyof Summary, ListKey>;

const LIST_KEYS = [
  'moves',
  'interceptions',
  'avoids',
  'withdrawals',
  'retreats',
  'captures',
  'siegesEnded',
  'siegesBegun',
  'leadersInside',
  'skipped',
  'cards',
] as const satisfies readonly ListKey[];
// Every list of the summary is in LIST_KEYS: one left out (the cards played were) would vanish from a query's summary.
type MissingListKey = Exclude<ListKey, (typeof LIST_KEYS)[number]>;
const EVERY_LIST_KEY: [MissingListKey] extends [never] ? true : MissingListKey = true;
void EVERY_LIST_KEY;
const FIELD_KEYS = ['battle', 'siege', 'cpSpent', 'relief', 'surprise'] as const satisfies readonly FieldKey[];

export interface SummaryDelta {
  /** Per list: drop the last `drop` entries of the summary the delta is applied to, then append `items`. */
  readonly lists: Partial<Record<ListKey, { readonly drop: number; readonly items: readonly unknown[] }>>;
  /** Per single field: its value at the end, when the delta changed it. */
  readonly fields: Partial<Record<FieldKey, unknown>>;
}

export const EMPTY_DELTA: SummaryDelta = { lists: {}, fields: {} };

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** What `after` adds to (or changes in) `before`. Lists are compared entry by entry: an entry edited in place counts as cut and appended again. */
export function summaryDelta(before: Summary, after: Summary): SummaryDelta {
  const lists: Record<string, { drop: number; items: readonly unknown[] }> = {};
  for (const k of LIST_KEYS) {
    const a = before[k] as readonly unknown[],
      b = after[k] as readonly unknown[];
    if (a === b) continue;
    let kept = 0;
    while (kept < a.length && kept < b.length && same(a[kept], b[kept])) kept++;
    if (kept === a.length && kept === b.length) continue;
    lists[k] = { drop: a.length - kept, items: b.slice(kept) };
  }
  const fields: Record<string, unknown> = {};
  for (const k of FIELD_KEYS) if (!same(before[k], after[k])) fields[k] = after[k];
  return { lists, fields } as SummaryDelta;
}

/** The delta of `first` followed by `second` (which was measured from the summary `first` leads to). */
export function composeDeltas(first: SummaryDelta, second: SummaryDelta): SummaryDelta {
  const lists: Record<string, { drop: number; items: readonly unknown[] }> = { ...first.lists };
  for (const k of LIST_KEYS) {
    const b = second.lists[k];
    if (!b) continue;
    const a = first.lists[k];
    if (!a) lists[k] = b;
    // `first` leaves base minus a.drop entries, plus a.items; `second` takes b.drop off that and appends b.items.
    else if (b.drop <= a.items.length)
      lists[k] = { drop: a.drop, items: [...a.items.slice(0, a.items.length - b.drop), ...b.items] };
    else lists[k] = { drop: a.drop + b.drop - a.items.length, items: b.items };
  }
  return { lists, fields: { ...first.fields, ...second.fields } } as SummaryDelta;
}

/** The summary `delta` leads to from `base`. */
export function applyDelta(base: Summary, delta: SummaryDelta): Summary {
  const out: Record<string, unknown> = { ...base };
  for (const k of LIST_KEYS) {
    const d = delta.lists[k];
    const list = base[k] as readonly unknown[];
    if (d) out[k] = [...list.slice(0, Math.max(0, list.length - d.drop)), ...d.items];
  }
  for (const k of FIELD_KEYS) if (Object.hasOwn(delta.fields, k)) out[k] = delta.fields[k];
  return out as unknown as Summary;
}

/** One id per distinct delta, and the composition of two ids computed once. */
export class DeltaTable {
  private readonly ids = new Map<string, number>();
  private readonly deltas: SummaryDelta[] = [];
  private readonly composed = new Map<string, number>();

  constructor() {
    this.intern(EMPTY_DELTA);
  }

  /** The id of the empty delta. */
  get empty(): number {
    return 0;
  }

  intern(d: SummaryDelta): number {
    const key = JSON.stringify(d);
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    this.deltas.push(d);
    this.ids.set(key, this.deltas.length - 1);
    return this.deltas.length - 1;
  }

  get(id: number): SummaryDelta {
    const d = this.deltas[id];
    if (!d) throw new Error(`no summary delta ${id}`);
    return d;
  }

  compose(first: number, second: number): number {
    if (first === 0) return second;
    if (second === 0) return first;
    const key = `${first},${second}`;
    const known = this.composed.get(key);
    if (known !== undefined) return known;
    const id = this.intern(composeDeltas(this.get(first), this.get(second)));
    this.composed.set(key, id);
    return id;
  }
}
