// The output an invoked procedure machine hands back with its done event (typed by the caller).
export function doneOutput<T>(event: unknown): T {
  return (event as { output: T }).output;
}
