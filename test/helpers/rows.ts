// Rows for `test.for(...)('%s', ...)`: vitest prints `%s` of a string without quotes, so each row becomes
// [title, row]. Tables title their rows with `title` (the whole test name) or `what` (after the test's own prefix).

/** Rows titled by `title`, the whole test name: it starts with the rule and ends with the RULES.md §7 ids. */
export const titled = <R extends { readonly title: string }>(rows: readonly R[]) =>
  rows.map((row) => [row.title, row] as const);

/** Rows titled by `what`, for a test name that puts the rule first: `test.for(named(rows))('[13.3] %s', ...)`. */
export const named = <R extends { readonly what: string }>(rows: readonly R[]) =>
  rows.map((row) => [row.what, row] as const);
