/// <reference lib="dom" />
// The page the browser test renders: one session of the worked example, a seat for each side of it, in React's
// strict mode (which calls getSnapshot twice and would report a store that gives a new object each time).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSession, parseScenario } from '../../../src/index.ts';
import vienna from '../../../examples/vienna-1517.json' with { type: 'json' };
import { Seat } from './seat.tsx';

const { events: _script, ...scenario } = vienna;
const session = createSession(parseScenario(scenario), { seed: 1 });
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Seat session={session} power="hapsburg" />
    <Seat session={session} power="ottoman" />
  </StrictMode>,
);
document.body.dataset.ready = 'true';
