/**
 * Leader tags: an opaque per-lot token of the leading company. Every participant receives the same live update;
 * a client compares the lot's `leader_tag` with its own `my_tag` to know whether it leads, without learning who
 * else does (a tag of another company reveals nothing, and tags differ between lots).
 */
import { createHmac } from 'node:crypto';

export type LeaderTagger = (lotId: number, companyId: number | null) => string | null;

export function createLeaderTagger(secret: string): LeaderTagger {
  return (lotId, companyId) =>
    companyId === null
      ? null
      : createHmac('sha256', secret).update(`leader:${lotId}:${companyId}`).digest('base64url').slice(0, 16);
}
