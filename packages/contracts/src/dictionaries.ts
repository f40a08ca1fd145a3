/** GET /api/v1/dictionaries: classifiers of a portfolio (spec 3 §3 Dictionaries). */
import { z } from 'zod';

export const dictionaryItemSchema = z.object({
  index: z.number().int(),
  text: z.string(),
  value: z.string(),
  /** Auction types for which the value is not offered. */
  except: z.array(z.string()),
});
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;

export const DICTIONARY_KEYS = ['activities', 'source_kinds', 'source_debtor_types'] as const;
export type DictionaryKey = (typeof DICTIONARY_KEYS)[number];

export const dictionariesQuery = z.object({
  keys: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [...DICTIONARY_KEYS] : Array.isArray(v) ? v : v.split(',')))
    .pipe(z.array(z.enum(DICTIONARY_KEYS))),
});

export const dictionariesSchema = z.partialRecord(z.enum(DICTIONARY_KEYS), z.array(dictionaryItemSchema));
export type Dictionaries = z.infer<typeof dictionariesSchema>;

export const serverTimeSchema = z.object({ time: z.string(), unix_ms: z.number() });
export type ServerTime = z.infer<typeof serverTimeSchema>;
