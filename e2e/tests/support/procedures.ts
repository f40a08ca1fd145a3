/** Finding the demo's procedures and lots through the API, for the journeys that pick what they trade on. */
import { type APIRequestContext, expect } from '@playwright/test';
import { authorised, type Jwt } from './session.ts';

/** A procedure of `GET /api/v1/briefcases` as the journeys read it. */
export interface ListedProcedure {
  id: number;
  attributes: { auction_type: string; company: { name: string } };
}

/** A lot of `GET /api/v1/lots` as the journeys read it. */
export interface ListedLot {
  id: number;
  attributes: {
    status: string;
    has_enabled_autobids: boolean;
    next_price: number;
    renewals_count: number;
    bids_count: number;
  };
}

/** The procedures the user sees with these filters (at least one), oldest first. */
export async function procedures(
  request: APIRequestContext,
  jwt: Jwt,
  params: Record<string, string>,
): Promise<ListedProcedure[]> {
  const reply = await request.get('/api/v1/briefcases', {
    params: { per_page: 40, ...params },
    ...authorised(jwt),
  });
  const list = (await reply.json()).data.briefcases as ListedProcedure[];
  expect(list.length).toBeGreaterThan(0);
  return list.sort((a, b) => a.id - b.id);
}

/** The oldest procedure of this format in this status. */
export async function findProcedure(
  request: APIRequestContext,
  jwt: Jwt,
  auctionType: string,
  status: string,
) {
  return (await procedures(request, jwt, { auction_type: auctionType, status }))[0]!.id;
}

/** The procedure's lots as the user sees them. */
export async function lotsOf(
  request: APIRequestContext,
  jwt: Jwt,
  briefcaseId: number,
): Promise<ListedLot[]> {
  const reply = await request.get('/api/v1/lots', {
    params: { briefcase_id: briefcaseId },
    ...authorised(jwt),
  });
  return (await reply.json()).data.lots as ListedLot[];
}

/** Active lots of the procedure that no autobid answers (at least one), as an administrator sees them. */
export async function quietLots(
  request: APIRequestContext,
  admin: Jwt,
  briefcaseId: number,
): Promise<ListedLot[]> {
  const lots = (await lotsOf(request, admin, briefcaseId)).filter(
    (l) => l.attributes.status === 'active' && !l.attributes.has_enabled_autobids,
  );
  expect(lots.length).toBeGreaterThan(0);
  return lots;
}
