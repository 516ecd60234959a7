import { useMemo, useState, useSyncExternalStore } from 'react';
import type { Power, SendResult, Session, UndoResult } from '../../../src/index.ts';

/** One seat at the table: the board and the decision as `power` sees them, its answers, and the host's undo. */
export function Seat({ session, power }: { session: Session; power: Power }) {
  const seat = useMemo(() => session.view(power), [session, power]);
  const view = useSyncExternalStore(seat.subscribe, seat.getSnapshot);
  const { canUndo } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const [problem, setProblem] = useState<string | null>(null);
  // Shown under the answers: a refusal, or what the host's listeners or inspector threw while an answer (or an undo)
  // was taken all the same (its observerErrors).
  const answer = (r: SendResult | UndoResult) => {
    if (!r.ok) return setProblem(r.error.message);
    const thrown = (r.observerErrors ?? []).map((e) => `${e.source}: ${String(e.error)}`);
    setProblem(thrown.length > 0 ? thrown.join('; ') : null);
  };
  const d = view.pending;
  const battle = view.summary.battle;
  return (
    <section data-seat={power}>
      <ul className="board">
        {/* A stack is its space, power and marks: after an interception two of one power share a space. */}
        {view.position.stacks.map((s) => (
          <li key={`${s.space}/${s.power}/${s.inside}/${s.lostBattle}/${s.attemptedInterception}`}>
            {s.space}: {s.power} {s.regulars + s.mercenaries + s.cavalry} {s.leaders.join(' ')}
          </li>
        ))}
      </ul>
      {view.inTransit && <p className="moving">{`${view.inTransit.from} → ${view.inTransit.to}`}</p>}
      {/* What the engine did since the last answer, one step and its board at a time (a host would animate it). */}
      <ol className="steps">
        {view.steps.map((step) => (
          <li key={step.entry.step} data-stacks={step.position.stacks.length}>
            {step.entry.note.en}
          </li>
        ))}
      </ol>
      {/* The field battle once it is fought (14): each side's dice as rolled, its hits, and whether it won. */}
      {battle && (
        <ul className="battle">
          {(['attacker', 'defender'] as const).map((side) => (
            <li key={side} data-side={side} data-won={battle.winner === side}>
              {battle[side].powers.join(' ')}: {battle[side].rolled.join(' ')} — {battle[side].hits} hits
            </li>
          ))}
        </ul>
      )}
      {d === null ? (
        <p className="over">Winner: {view.result?.summary.battle?.winnerPower ?? 'no battle'}</p>
      ) : !view.yours ? (
        <p className="waiting">Waiting for {d.names.powers[d.power]?.en ?? d.power}</p>
      ) : (
        <div className="decision">
          <p>{d.prompt.en}</p>
          {d.kind === 'roll' && <button onClick={() => answer(seat.roll())}>Roll</button>}
          {d.options.map((o) => (
            <button key={o.label.en} onClick={() => answer(seat.send(o.event))}>
              {o.label.en}
            </button>
          ))}
          {d.blocked.map((b) => (
            <button key={b.label.en} disabled title={b.reason.en}>
              {b.label.en}
            </button>
          ))}
        </div>
      )}
      {problem && <p role="alert">{problem}</p>}
      <button className="undo" disabled={!canUndo} onClick={() => answer(session.undo())}>
        Undo
      </button>
    </section>
  );
}
