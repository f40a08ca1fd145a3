import type { LotLivePayload } from '@etp/contracts';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../modules/auth/guards/routeGuards.ts';
import { TokenService } from '../modules/auth/session/tokens.ts';
import { accessChangeEvent } from '../realtime/access.ts';
import { InProcessBus } from '../realtime/bus.ts';
import { OfflineReads } from './offlineReads.ts';

const NOW = new Date('2026-11-25T10:00:00Z');
const SESSION = '11111111-1111-4111-8111-111111111111';
const OTHER_SESSION = '22222222-2222-4222-8222-222222222222';

async function setUp(maxAgeMs?: number) {
  const bus = new InProcessBus();
  const tokens = new TokenService('s'.repeat(32), 3600);
  const reads = new OfflineReads({ bus, tokens, now: () => NOW, maxAgeMs });
  const token = async (userId: number, sessionId: string) =>
    (await tokens.signAccess({ userId, sessionId }, NOW)).token;
  const request = (
    url: string,
    auth: { userId: number; sessionId: string; companyId: number } | null,
    bearer?: string,
  ) =>
    ({
      method: 'GET',
      url,
      routeOptions: { url: url.startsWith('/api/v1/lots/') ? '/api/v1/lots/:id' : '/api/v1/lots' },
      params: {},
      query: {},
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      auth: auth
        ? ({
            sessionId: auth.sessionId,
            user: { id: auth.userId },
            memberships: [{ company: { id: auth.companyId } }],
          } as unknown as AuthContext)
        : null,
    }) as unknown as FastifyRequest;
  return { bus, reads, token, request };
}

const lotAnswer = (attributes: Record<string, unknown>) =>
  JSON.stringify({ status: 'ok', data: { id: 7, attributes: { id: 7, briefcase_id: 3, ...attributes } } });

describe('OfflineReads', () => {
  it('gives an answer back only to the session it was made for, at the same address', async () => {
    const { reads, token, request } = await setUp();
    reads.remember(
      request('/api/v1/lots/7', { userId: 1, sessionId: SESSION, companyId: 10 }),
      lotAnswer({ version: 1 }),
    );
    expect(await reads.answer(request('/api/v1/lots/7', null, await token(1, SESSION)))).not.toBeNull();
    expect(await reads.answer(request('/api/v1/lots/7', null, await token(1, OTHER_SESSION)))).toBeNull();
    expect(await reads.answer(request('/api/v1/lots/7', null, await token(2, SESSION)))).toBeNull();
    expect(await reads.answer(request('/api/v1/lots/8', null, await token(1, SESSION)))).toBeNull();
    expect(await reads.answer(request('/api/v1/lots/7', null, 'not-a-token'))).toBeNull();
  });

  it("forgets a session's answers when its rights change (sign-out, its company, the procedure) and when too old", async () => {
    const { bus, reads, token, request } = await setUp();
    const who = { userId: 1, sessionId: SESSION, companyId: 10 };
    for (const change of [
      { sessions: [SESSION] },
      { companies: [10] },
      { users: [1] },
      { briefcases: [3] },
    ]) {
      reads.remember(request('/api/v1/lots/7', who), lotAnswer({ version: 1 }));
      await bus.publish(accessChangeEvent(change, NOW.getTime()));
      expect(
        await reads.answer(request('/api/v1/lots/7', null, await token(1, SESSION))),
        JSON.stringify(change),
      ).toBeNull();
    }
    const old = await setUp(-1);
    old.reads.remember(old.request('/api/v1/lots/7', who), lotAnswer({ version: 1 }));
    expect(
      await old.reads.answer(old.request('/api/v1/lots/7', null, await old.token(1, SESSION))),
    ).toBeNull();
  });

  it("brings a lot up to the newest live update of its own audience: a buyer never gets the masters' fields", async () => {
    const { bus, reads, token, request } = await setUp();
    const buyer = { userId: 1, sessionId: SESSION, companyId: 10 };
    reads.remember(
      request('/api/v1/lots/7', buyer),
      lotAnswer({
        version: 1,
        is_owner: false,
        my_tag: 'mine',
        current_price: 100,
        current_bidder_company: null,
        is_current_bidder: false,
      }),
    );
    const update = (audience: 'participants' | 'masters', payload: Record<string, unknown>) =>
      bus.publish({
        message: {
          channel: 'LotsStream',
          briefcase_id: 3,
          action: 'lot_update',
          payload: { id: 7, ...payload } as unknown as LotLivePayload,
          t: 0,
        },
        audience: { kind: audience },
      });
    await update('participants', { version: 2, current_price: 200, leader_tag: 'mine', winner_tag: null });
    await update('masters', {
      version: 3,
      current_price: 300,
      leader_tag: 'other',
      winner_tag: null,
      current_bidder_company: 'ООО «Лидер»',
    });
    const answer = await reads.answer(request('/api/v1/lots/7', null, await token(1, SESSION)));
    expect(answer).not.toBeNull();
    const attributes = (answer!.body as { data: { attributes: Record<string, unknown> } }).data.attributes;
    expect(attributes).toMatchObject({
      version: 2,
      current_price: 200,
      is_current_bidder: true,
      current_bidder_company: null,
    });
  });
});
