/** The administrator's check of the tamper-evident audit log (GET /api/v1/admin/audit/verify, decisions/0111). */
import { z } from 'zod';
import { dbId } from './ids.ts';

/** One procedure's chain, or (without it) every chain in the database. */
export const auditVerifyQuery = z.object({ briefcase_id: dbId.optional() });

/** A chain that holds: how many entries it has and the hash of the last one. */
const intactChainSchema = z.object({ ok: z.literal(true), entries: z.number().int(), head: z.string() });
/** A broken chain: the first entry (by seq) that does not follow from the one before, and why, in Russian. */
const brokenChainSchema = z.object({
  ok: z.literal(false),
  entries: z.number().int(),
  brokenAtSeq: z.number().int(),
  reason: z.string(),
});
const chainVerdictSchema = z.discriminatedUnion('ok', [intactChainSchema, brokenChainSchema]);

const chainReportSchema = z.object({
  /** The procedure whose chain this is; null for the chain of entries outside any procedure. */
  briefcase_id: z.number().int().nullable(),
  verdict: chainVerdictSchema,
});

/** `ok` when every chain holds. */
export const auditVerifySchema = z.object({ ok: z.boolean(), chains: z.array(chainReportSchema) });
