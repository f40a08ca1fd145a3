/** GET /api/v1/dictionaries: classifiers of a portfolio (spec 3 §3 Dictionaries). */
import { z } from 'zod';

const dictionaryItemSchema = z.object({
  index: z.number().int(),
  text: z.string(),
  value: z.string(),
  /** Auction types for which the value is not offered. */
  except: z.array(z.string()),
});
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;

const DICTIONARY_KEYS = ['activities', 'source_kinds', 'source_debtor_types'] as const;
export type DictionaryKey = (typeof DICTIONARY_KEYS)[number];

/** The registry attributes dictionary for column matching (spec 1 §3 "Registry attribute"), asked for by name. */
export const REGISTRY_ATTRIBUTES_KEY = 'registry_attributes';

const registryAttributeItemSchema = z.object({
  value: z.string(),
  text: z.string(),
  required: z.boolean(),
  analytics: z.boolean(),
  hint: z.string(),
});
export type RegistryAttributeItem = z.infer<typeof registryAttributeItemSchema>;

export const dictionariesQuery = z.object({
  keys: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [...DICTIONARY_KEYS] : Array.isArray(v) ? v : v.split(',')))
    .pipe(z.array(z.enum([...DICTIONARY_KEYS, REGISTRY_ATTRIBUTES_KEY]))),
});

/** Each classifier asked for, by its key (one closed object, so the reply check catches a key not declared). */
const classifierShape = Object.fromEntries(
  DICTIONARY_KEYS.map((key) => [key, z.array(dictionaryItemSchema).optional()]),
) as Record<DictionaryKey, z.ZodOptional<z.ZodArray<typeof dictionaryItemSchema>>>;

export const dictionariesSchema = z.object({
  ...classifierShape,
  [REGISTRY_ATTRIBUTES_KEY]: z.array(registryAttributeItemSchema).optional(),
});

/**
 * GET /time: the server's clock, and whether the demo simulator trades as the demo buyers on this server (issue 29:
 * the administrator is told so on every screen).
 */
export const serverTimeSchema = z.object({
  time: z.string(),
  unix_ms: z.number(),
  demo_simulation: z.boolean(),
});
