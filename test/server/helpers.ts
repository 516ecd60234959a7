// Drives the JSON-RPC server in this process: a list of lines in, the response lines out (serve), or a client that
// waits for each answer before sending the next request (InProcessClient).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveLines, type ServeOptions } from '../../src/server.ts';

export const ROOT = join(import.meta.dirname, '..', '..');

/** A JSON-RPC response as the tests read it. */
export interface Response {
  readonly jsonrpc: '2.0';
  readonly id: string | number | null;
  readonly result?: any;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: any };
}

/** A request line (objects are serialized; strings are sent as they are). */
export function line(message: unknown): string {
  return typeof message === 'string' ? message : JSON.stringify(message);
}

export function request(id: string | number | null, method: string, params?: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
}

export function notification(method: string, params?: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) };
}

/** Serves the lines and returns the raw response lines, in order. */
export async function serveRaw(lines: readonly unknown[], options?: ServeOptions): Promise<string[]> {
  const out: string[] = [];
  await serveLines(lines.map(line), (l) => void out.push(l), options);
  return out;
}

/** Serves the lines and returns the parsed responses, in order. */
export async function serve(lines: readonly unknown[], options?: ServeOptions): Promise<Response[]> {
  return (await serveRaw(lines, options)).map((l) => JSON.parse(l) as Response);
}

/** An async iterable fed by hand: the input of a server that answers as the conversation goes. */
class LineQueue implements AsyncIterable<string> {
  private readonly items: string[] = [];
  private wake: (() => void) | undefined;
  private closed = false;

  push(item: string): void {
    this.items.push(item);
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    for (;;) {
      while (this.items.length > 0) yield this.items.shift()!;
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}

/** A client of an in-process server: `call` sends one request and resolves with its response. */
export class InProcessClient {
  private readonly input = new LineQueue();
  private readonly waiting: ((r: Response) => void)[] = [];
  private nextId = 1;
  readonly transcript: { readonly sent: string; readonly received: string | null }[] = [];
  readonly done: Promise<void>;

  constructor(options?: ServeOptions) {
    this.done = serveLines(
      this.input,
      (l) => {
        const entry = this.transcript.find((t) => t.received === null);
        if (entry) (entry as { received: string | null }).received = l;
        const resolve = this.waiting.shift();
        if (!resolve) throw new Error(`an unexpected response: ${l}`);
        resolve(JSON.parse(l) as Response);
      },
      options,
    );
  }

  /** Sends a request and resolves with its response. */
  call(method: string, params?: unknown): Promise<Response> {
    return this.raw(line(request(this.nextId++, method, params)));
  }

  /** Sends a line that is answered and resolves with the answer. */
  raw(text: string): Promise<Response> {
    const answered = new Promise<Response>((resolve) => this.waiting.push(resolve));
    this.transcript.push({ sent: text, received: null });
    this.input.push(text);
    return answered;
  }

  /** Sends a notification (never answered). */
  notify(method: string, params?: unknown): void {
    const text = line(notification(method, params));
    this.transcript.push({ sent: text, received: '' });
    this.input.push(text);
  }

  /** The result of a request that must succeed. */
  async result(method: string, params?: unknown): Promise<any> {
    const r = await this.call(method, params);
    if (r.error) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
    return r.result;
  }

  async end(): Promise<void> {
    this.input.close();
    await this.done;
  }
}

/** The worked example (the rulebook's Interception and Battle Example) and its scripted events, apart. */
export function workedExample(): { scenario: Record<string, unknown>; events: Record<string, unknown>[] } {
  const { events, ...scenario } = JSON.parse(
    readFileSync(join(ROOT, 'examples', 'vienna-1517.json'), 'utf8'),
  ) as Record<string, unknown>;
  return { scenario, events: events as Record<string, unknown>[] };
}
