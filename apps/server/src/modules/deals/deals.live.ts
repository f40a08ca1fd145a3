/**
 * A deal's change on the bus: `deal_update` on DealsStream (a channel without a procedure, decisions/0261), to the
 * members of both companies and every administrator: "Мои сделки", the lot's "Сделка" block and the administrator's
 * deals page follow it wherever they are open.
 */
import { liveMessage } from '@etp/contracts';
import type { AppContext } from '../../appContext.ts';
import type { DealRow } from '../../db/schema/index.ts';

export async function publishDealChanges(ctx: AppContext, rows: readonly DealRow[]): Promise<void> {
  const t = ctx.now().getTime();
  for (const row of rows) {
    await ctx.bus.publish({
      message: liveMessage.deal_update(
        row.briefcaseId,
        {
          deal_id: row.id,
          lot_id: row.lotId,
          briefcase_id: row.briefcaseId,
          attempt: row.attempt,
          state: row.state,
          deadline_at: row.deadlineAt?.toISOString() ?? null,
        },
        t,
      ),
      audience: { kind: 'companiesAndAdmins', ids: [row.buyerCompanyId, row.sellerCompanyId] },
    });
  }
}
