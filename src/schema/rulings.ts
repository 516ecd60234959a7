// Ruling variants: where RULINGS.md chose one reading of an open rule, a scenario may select the other reading
// (`"rulings": { "R11": "alternative" }`). Without the field every ruling applies as RULINGS.md states it.
// docs/engine-choices.md ("Ruling variants") states each alternative in RULINGS terms.
import { z } from 'zod';

export type VariantRuling = (typeof VARIANT_RULINGS)[number];

/** The rulings that have an alternative reading, in RULINGS.md order. */
export const VARIANT_RULINGS = ['R5', 'R7', 'R10', 'R11', 'R13', 'R16', 'R17', 'R18', 'R19', 'R20', 'R29'] as const;

/**
 * Rulings whose reading an older id also selects: R16's last sentence, which the alternative of `"R16"` was about
 * (who takes captured leaders), now points to ruling R20, so `"R16": "alternative"` still selects R20's alternative.
 */
export const READING_ALIASES: Readonly<Partial<Record<VariantRuling, VariantRuling>>> = { R20: 'R16' };

/** `ruling`: RULINGS.md's reading (the default); `alternative`: the other reading of the same rule. */
export const READINGS = ['ruling', 'alternative'] as const;

export type Reading = (typeof READINGS)[number];
export type Rulings = Readonly<Partial<Record<VariantRuling, Reading>>>;

const allowedIds = VARIANT_RULINGS.join(', ');

export function isVariantRuling(id: string): id is VariantRuling {
  return (VARIANT_RULINGS as readonly string[]).includes(id);
}

export function isReading(value: string): value is Reading {
  return (READINGS as readonly string[]).includes(value);
}

function unknownKeys(issue: { readonly code: string; readonly keys?: readonly string[] }): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const keys = (issue.keys ?? []).map((k) => `'${k}'`).join(', ');
  return `${keys}: not a ruling with an alternative reading (one of ${allowedIds})`;
}

export const RulingsSchema = z
  .partialRecord(
    z.enum(VARIANT_RULINGS),
    z.enum(READINGS, { error: (i) => `${JSON.stringify(i.input)} is not a reading: "ruling" (the default) or "alternative"` }),
    // A record keyed by an enum reports unknown keys as `unrecognized_keys` (its typings leave that code out).
    { error: (i) => unknownKeys(i as { readonly code: string; readonly keys?: readonly string[] }) },
  )
  .default({})
  .describe(
    `the reading of each open ruling (RULINGS.md): "ruling" (the default) or "alternative"; the rulings with an ` +
      `alternative are ${allowedIds}`,
  );
