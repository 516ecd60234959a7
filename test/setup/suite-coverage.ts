// Machine coverage by the test suite (`npm run coverage:suite`, scripts/suite-coverage.ts): with HIS_SUITE_COVERAGE
// set to a folder, every session a test file drives reports the steps its machines took, and the file's transitions
// and states are written there when it ends. Without the variable this file does nothing.
//
// Sessions are watched where every step passes: after each `accept` (every send, roll, script and policy answer) and
// each read of `pending` (a session only created and looked at). Machines a test runs as bare XState actors, and
// the CLI run as a child process, are not counted.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { Session as SessionType } from '../../src/engine/session.ts';

const dir = process.env['HIS_SUITE_COVERAGE'];

if (dir) {
  // Loaded only when counting: the other test runs do not pay for it.
  const { Session } = await import('../../src/engine/session.ts');
  const { Reached } = await import('../../src/review/transitions.ts');
  const reached = new Reached();
  const seen = new WeakMap<SessionType, number>();
  const record = (s: SessionType) => {
    const from = seen.get(s) ?? 0;
    if (s.traceLength === from) return;
    reached.addTrace(s.stepsSince(0), from);
    seen.set(s, s.traceLength);
  };
  const proto = Session.prototype as unknown as { accept: (...args: unknown[]) => unknown };
  const accept = proto.accept;
  proto.accept = function (this: SessionType, ...args: unknown[]) {
    try {
      return accept.apply(this, args);
    } finally {
      record(this);
    }
  };
  const pending = Object.getOwnPropertyDescriptor(Session.prototype, 'pending')!;
  Object.defineProperty(Session.prototype, 'pending', {
    ...pending,
    get(this: SessionType) {
      record(this);
      return pending.get!.call(this);
    },
  });
  afterAll(() => writeFileSync(join(dir, `${randomUUID()}.json`), JSON.stringify(reached.toLists())));
}
