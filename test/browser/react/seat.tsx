import { useMemo, useState, useSyncExternalStore } from 'react';
import type { Power, SendResult, Session } from '../../../src/index.ts';

/** One seat at the table: the board and the decision as `power` sees them, its answers, and the host's undo. */
export function Seat({ session, power }: { session: Session; power: Power }) {
  const seat = useMemo(() => session.view(power), [session, power]);
  const view = useSyncExternalStore(seat.subscribe, seat.getSnapshot);
  const { canUndo } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const [refusal, setRefusal] = useState<string | null>(null);
  const answer = (r: SendResult) => setRefusal(r.ok ? null : r.error.message);
  const d = view.pending;
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
      {refusal && <p role="alert">{refusal}</p>}
      <button className="undo" disabled={!canUndo} onClick={() => session.undo()}>
        Undo
      </button>
    </section>
  );
}
