// One-line answers to a reviewer's two questions about a move (explore --exists / --forall): "is there any path
// where X?" and "does X hold on every path?". Both are queries over each complete path's end position and summary
// (src/review/query.ts), answered by the explorer's exact classes of paths: a witness (or a counter-example) is the
// shortest path of answers and dice to a matching end, which `his resolve --events` replays. A run a bound stopped
// answers only what its finished part proves: a witness or a counter-example found there stands; "no" or "holds" is
// "undecided" instead.
import type { Scenario } from '../engine/scenario.ts';
import { explore, type ExploreOptions, type ExploreReport, type Match, type OutcomeQuery } from './explore.ts';

export type Question = 'exists' | 'forall';

export interface Verdict {
  readonly question: Question;
  /** exists: `yes` / `no`; forall: `holds` / `fails`; either: `undecided` when a bound stopped the run first. */
  readonly answer: 'yes' | 'no' | 'holds' | 'fails' | 'undecided';
  /** The shortest witness (exists) or counter-example (forall), when there is one. */
  readonly witness?: Match;
  /** The paths and end positions that are witnesses (exists) or counter-examples (forall). */
  readonly matchingPaths: number;
  readonly matchingEnds: number;
  /** Every complete path explored, and its distinct end positions. */
  readonly paths: number;
  readonly ends: number;
  readonly truncated: boolean;
  /** How often the expression threw (not a typo: those are a QueryPropertyError), and the first message. */
  readonly errors: { readonly count: number; readonly first?: string };
}

/** The where-query of a question: the expression itself (exists), or its negation (forall: the counter-examples). */
export function questionQuery(question: Question, query: OutcomeQuery): OutcomeQuery {
  return question === 'exists' ? query : (o) => !query(o);
}

/** The verdict an exploration run with `questionQuery(question, query)` as its `where` gives. */
export function verdictOf(question: Question, r: ExploreReport): Verdict {
  const matches = r.matches ?? [];
  const found = matches.length > 0;
  const answer = found
    ? question === 'exists'
      ? 'yes'
      : 'fails'
    : r.truncated
      ? 'undecided'
      : question === 'exists'
        ? 'no'
        : 'holds';
  return {
    question,
    answer,
    ...(found ? { witness: matches[0]! } : {}),
    matchingPaths: matches.reduce((n, m) => n + m.paths, 0),
    matchingEnds: matches.length,
    paths: r.paths,
    ends: r.outcomes.length,
    truncated: r.truncated,
    errors: { count: r.queryErrors?.count ?? 0, ...(r.queryErrors?.first ? { first: r.queryErrors.first } : {}) },
  };
}

/** Explores the move and answers the question; `options` as explore takes them (their `where` is replaced). */
export function decide(
  scenario: Scenario,
  question: Question,
  query: OutcomeQuery,
  options: Omit<ExploreOptions, 'where'> = {},
): Verdict & { readonly report: ExploreReport } {
  const report = explore(scenario, { ...options, where: questionQuery(question, query) });
  return { ...verdictOf(question, report), report };
}

/** The verdict in one line: the answer, how many paths, and the shortest witness or counter-example path. */
export function verdictLine(v: Verdict, stoppedBy?: string): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const over = `${plural(v.paths, 'path')} (${plural(v.ends, 'end position')})`;
  const path = (m: Match) =>
    `${plural(m.events.length, 'event')}: ${m.labels.join(' → ') || '(no answer or roll)'} ⇒ ${m.description}`;
  const part = v.truncated ? ` in the part explored before ${stoppedBy ?? 'a bound'} stopped the run` : '';
  switch (v.answer) {
    case 'yes':
      return `exists: yes — ${plural(v.matchingPaths, 'path')} to ${plural(v.matchingEnds, 'end position')} of ${over}${part}; the shortest witness, ${path(v.witness!)}`;
    case 'fails':
      return `forall: fails — ${plural(v.matchingPaths, 'path')} to ${plural(v.matchingEnds, 'end position')} of ${over}${part} do not satisfy it; the shortest counter-example, ${path(v.witness!)}`;
    case 'no':
      return `exists: no — none of ${over}`;
    case 'holds':
      return `forall: holds on every one of ${over}`;
    case 'undecided':
      return `${v.question}: undecided — ${v.question === 'exists' ? 'no witness' : 'no counter-example'} among ${over}${part}; raise the bound for an answer`;
  }
}
