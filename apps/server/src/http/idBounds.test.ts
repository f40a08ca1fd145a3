/**
 * The id bounds hook on its own: which fields it reads as ids, how deep and how far, and the path it names. The
 * routes' own cases (path, query, body of real calls) are in test/securityTokens.test.ts.
 */
import { DB_ID_MAX, ID_MESSAGE } from '@etp/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errorHandler.ts';
import { registerIdBounds } from './idBounds.ts';

const OVER = DB_ID_MAX + 1;

describe('the id bounds hook', () => {
  const app = Fastify();

  beforeAll(async () => {
    registerErrorHandling(app);
    registerIdBounds(app);
    app.post('/echo/:id', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (payload: unknown, url = '/echo/1') =>
    app.inject({ method: 'POST', url, payload: payload as object });
  const refusedAt = async (payload: unknown, url?: string) => {
    const reply = await post(payload, url);
    if (reply.statusCode === 200) return null;
    expect(reply.statusCode).toBe(422);
    const body = reply.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe(ID_MESSAGE);
    return Object.keys(body.errors);
  };

  it('names the first id-named field beyond the range, however it is nested', async () => {
    expect(await refusedAt({ lot_id: OVER })).toEqual(['lot_id']);
    expect(await refusedAt({ lotId: String(OVER) })).toEqual(['lotId']);
    expect(await refusedAt({ company_ids: [1, OVER] })).toEqual(['company_ids']);
    expect(await refusedAt({ 'ids[]': [OVER] })).toEqual(['ids']);
    expect(await refusedAt({ items: [{ id: 1 }, 'x', null, { id: -OVER }] })).toEqual(['items.3.id']);
    expect(await refusedAt({ a: { b: [{ c: { debt_id: OVER } }] } })).toEqual(['a.b.0.c.debt_id']);
    expect(await refusedAt({ lot_id: 1 }, `/echo/${OVER}`)).toEqual(['id']);
  });

  it('leaves alone what is not an id, in range, or past its depth and length limits', async () => {
    expect(await refusedAt({ amount: OVER, lot_id: DB_ID_MAX, note: `id ${OVER}` })).toBeNull();
    expect(await refusedAt({ items: [OVER, String(OVER)], idea: OVER, lot_id: 1.5e10 + 0.5 })).toBeNull();
    expect(await refusedAt({ a: { b: { c: { d: { e: { id: OVER } } } } } })).toBeNull();
    expect(await refusedAt({ a: { b: { c: { d: { id: OVER } } } } })).toEqual(['a.b.c.d.id']);
    const long = Array.from({ length: 2_001 }, (_, i) => (i === 2_000 ? { id: OVER } : { id: 1 }));
    expect(await refusedAt({ items: long })).toBeNull();
    expect(await refusedAt({ items: long.slice(1) })).toEqual(['items.1999.id']);
  });
});
