// Texts as hosts receive them: `{en, ru}` and, for a host that renders its own language, the message they are made
// from — an id of messages/<lang>.json and its parameters (src/text/text.ts; docs/api.md "Messages").
import { z } from 'zod';

/** A parameter: a string or a number as it is, a message rendered first, or a text without an id (its two strings). */
export const MessageParamSchema = z.union([
  z.string(),
  z.number(),
  z.object({
    id: z.string(),
    get params() {
      return MessageParamsSchema;
    },
  }),
  z.object({ en: z.string(), ru: z.string() }),
]);

export const MessageParamsSchema: z.ZodRecord<z.ZodString, typeof MessageParamSchema> = z.record(
  z.string(),
  MessageParamSchema,
);

/** A name: its two strings (its message id is its kind and id, `space.graz`). */
export const PlainTextSchema = z.object({ en: z.string(), ru: z.string() });

export const TextSchema = z.object({
  en: z.string(),
  ru: z.string(),
  id: z.string().optional().describe('the message id in messages/en.json, messages/ru.json'),
  params: MessageParamsSchema.optional().describe("the message's parameters, by name"),
});
