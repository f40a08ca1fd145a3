/** A deal's change on the bus: `deal_update` on the procedure's BriefcaseStatus, to both companies' users. */
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
      audience: { kind: 'companies', ids: [row.buyerCompanyId, row.sellerCompanyId] },
    });
  }
}
