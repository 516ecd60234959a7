// The rule registry: every rule section and ruling the engine cites. Rule numbers are the GMT rulebook's (shared
// RULES.md); rulings are RULINGS.md's. Each one's summary, in English and Russian, is in src/text/registry.ts; how a
// reference reads in a sentence, in each language, is src/text/rules.ts.

export const RULE_REFS = [
  '2.1', '2.2', '2.5', '3.2', '5.1', '5.2', '11.1', '12.2', '12.4', '13.1', '13.1 step 3', '13.1 step 4',
  '13.1 step 5', '13.1 step 6', '13.1 step 7', '13.1 step 8', '13.2', '13.2 step 1', '13.2 step 2', '13.2 step 3',
  '13.2 step 4', '13.2 step 5', '13.3', '13.3 step 3', '13.3 step 4', '13.4', '13.4 option 1', '13.4 option 2', '14',
  '14 step 2', '14 step 3', '14 step 6', '14 step 8', '14 step 9', '14 step 10', '14 step 11', '14 step 12', '14.1',
  '15', '15.1', '15.2', '15.3', '16.3', '21.6', '22.1', '22.3', '22.6', 'R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7',
  'R8', 'R9', 'R10', 'R11', 'R12', 'R13', 'R14', 'R15', 'R16', 'R17', 'R18', 'R19',
] as const;

export type RuleRef = (typeof RULE_REFS)[number];
export type RulingRef = Extract<RuleRef, `R${number}`>;

const REFS: ReadonlySet<string> = new Set(RULE_REFS);

export function isRuleRef(ref: string): ref is RuleRef {
  return REFS.has(ref);
}
