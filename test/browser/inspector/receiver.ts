/// <reference lib="dom" />
// The inspector window of test/browser/inspector.test.ts, in place of the hosted Stately inspector (which needs the
// network): @statelyai/inspect's own receiver, opened by createBrowserInspector (its `url`) or framed by the bridge
// page of createInspectorServer (its `url`). It keeps every event it receives.
import { createBrowserReceiver, type StatelyInspectionEvent } from '@statelyai/inspect';

const received: StatelyInspectionEvent[] = [];
(window as Window & { received?: StatelyInspectionEvent[] }).received = received;
createBrowserReceiver().subscribe((event) => void received.push(event));
