// The facts of a refusal (src/rules/verdict.ts), as the session gives them with every blocked answer and refused
// event: the ids, counts and case that explain it, so that a host can word the refusal itself.
import { z } from 'zod';

export const FactSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()).readonly()]);

export const FactsSchema = z
  .record(z.string(), FactSchema)
  .describe(
    'the facts of the refusal, by restriction (`code`): ids of spaces, powers and leaders, counts and the case ' +
      'that applies, e.g. {"kind": "inside", "power": "hapsburg", "space": "vienna"}; `reason` words them',
  );
