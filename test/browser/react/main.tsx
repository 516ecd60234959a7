/// <reference lib="dom" />
// The page the browser test renders: one session of the worked example, a seat for each side of it, in React's
// strict mode (which calls getSnapshot twice and would report a store that gives a new object each time).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSession } from '../../../src/index.ts';
import { scenario, SEED } from './game.ts';
import { Seat } from './seat.tsx';

const session = createSession(scenario, { seed: SEED });
// With ?throwing, a listener of the host's that throws at every change: the seats show what it threw (observerErrors).
if (new URLSearchParams(location.search).has('throwing'))
  session.subscribe((update) => {
    throw new Error(`listener failure (${update.kind})`);
  });
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Seat session={session} power="hapsburg" />
    <Seat session={session} power="ottoman" />
  </StrictMode>,
);
document.body.dataset.ready = 'true';
