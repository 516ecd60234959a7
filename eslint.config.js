// ESLint: the house rules a type checker cannot see. Machines only wire names together (STYLE: no control flow, no
// arithmetic, no conditional expressions — a decision is a named guard); src/rules and machines/ are pure (no I/O, no
// clock, no randomness, no console, no XState in src/rules).
import tseslint from 'typescript-eslint';

const PURE = 'src/rules and machines/ are pure: no I/O, no clock, no randomness (STYLE)';

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'node_modules/**', 'visualizations/**', 'schema/**'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-debugger': 'error',
      'no-var': 'error',
      'prefer-const': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/**/*.ts', 'machines/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['src/rules/**/*.ts', 'machines/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'fs', 'path', 'child_process'], message: PURE }] },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: PURE },
        { object: 'Date', property: 'now', message: PURE },
        { object: 'performance', property: 'now', message: PURE },
      ],
      'no-restricted-syntax': ['error', { selector: 'NewExpression[callee.name="Date"]', message: PURE }],
    },
  },
  {
    files: ['src/rules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'xstate', message: 'src/rules knows nothing of XState: the machines wire its guards and reducers' },
          ],
          patterns: [{ group: ['node:*', 'fs', 'path', 'child_process'], message: PURE }],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.machine.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'NewExpression[callee.name="Date"]', message: PURE },
        ...[
          'IfStatement',
          'SwitchStatement',
          'ForStatement',
          'ForInStatement',
          'ForOfStatement',
          'WhileStatement',
          'DoWhileStatement',
        ].map((selector) => ({
          selector,
          message: 'A machine only wires names: control flow belongs in src/rules (STYLE)',
        })),
        {
          selector: 'BinaryExpression[operator=/^[-+*/%]$/], UpdateExpression, AssignmentExpression[operator!="="]',
          message: 'A machine only wires names: arithmetic belongs in a src/rules reducer (STYLE)',
        },
        {
          selector: 'ConditionalExpression, LogicalExpression, UnaryExpression[operator="!"]',
          message:
            'A decision in a machine is a named guard (use and/or/not with guard names), not ?:, &&, || or ! (STYLE)',
        },
      ],
    },
  },
);
