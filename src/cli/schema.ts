// `his schema`: the JSON Schemas of the contracts, for hosts in other languages.
import { z } from 'zod';
import { DecisionSchema } from '../schema/decision.ts';
import { EventSchema } from '../schema/events.ts';
import { ResultPositionSchema, SummarySchema } from '../schema/result.ts';
import { SavedSessionSchema } from '../schema/save.ts';
import { ScenarioSchema } from '../schema/scenario.ts';
import { options, out, UsageError } from './common.ts';

const SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  scenario: ScenarioSchema,
  event: EventSchema,
  decision: DecisionSchema,
  result: z.object({ position: ResultPositionSchema, summary: SummarySchema }),
  session: SavedSessionSchema,
};

/** The names `his schema` knows; `npm run schemas` writes each to schema/<name>.schema.json. */
export const SCHEMA_NAMES: readonly string[] = Object.keys(SCHEMAS);

export function cmdSchema(args: string[]): number {
  const { positionals } = options(args, {});
  if (positionals.length > 1) throw new UsageError(`schema takes one name, not ${positionals.length}`);
  const name = positionals[0] ?? 'scenario';
  if (!Object.hasOwn(SCHEMAS, name))
    throw new UsageError(`unknown schema '${name}': one of ${Object.keys(SCHEMAS).join(', ')}`);
  const io2 = name === 'result' || name === 'decision' ? 'output' : 'input';
  out(
    JSON.stringify(
      { title: `his-procedures ${name}`, ...z.toJSONSchema(SCHEMAS[name]!, { io: io2, unrepresentable: 'any' }) },
      null,
      2,
    ),
  );
  return 0;
}
