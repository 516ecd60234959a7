// `his serve --stdio`: the JSON-RPC server for hosts in other languages (src/server.ts).
import { options, UsageError } from './common.ts';

/** `his serve --stdio`: checks its options; the server itself runs only as a process (runProcess). */
export function serveOptions(args: string[]): void {
  const { values, positionals } = options(args, { stdio: { type: 'boolean' } });
  if (positionals.length > 0) throw new UsageError(`serve takes no file, not ${positionals.join(' ')}`);
  if (!values.stdio) throw new UsageError('serve needs --stdio (the only transport)');
}
