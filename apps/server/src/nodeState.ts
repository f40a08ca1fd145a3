/**
 * What one node keeps in memory besides its database (issue 31 part 4): made with the application context, closed
 * when the application stops (app.ts onClose). Nothing here is shared between nodes; each member says what it is
 * for and what loses it (a restart forgets all of it, safely).
 */
import { join } from 'node:path';
import type { ForecastModelInfo } from '@etp/contracts';
import type { AppContext } from './appContext.ts';
import type { BidBatcher } from './modules/bids/engine/batch.ts';
import { LotBook } from './modules/bids/engine/fastPath.ts';
import type { LotAccess } from './modules/bids/engine/tradingContext.ts';
import { StatsScheduler } from './modules/statistics/counting/countScheduler.ts';
import { publishStats } from './modules/statistics/statistics.live.ts';
import { LocalDiskStorage } from './storage/localDisk.ts';
import type { Storage } from './storage/storage.ts';

export interface NodeState {
  /** Where uploaded and generated files are kept (local disk under DATA_DIR/files). */
  storage: Storage;
  /** The lots' states this node has seen, to refuse a stale bid without the database (bids/engine/fastPath.ts). */
  lotBook: LotBook;
  /** The group committer of classic bids, made on the first batched bid (bids/engine/batcher.ts). */
  bidBatcher: BidBatcher | null;
  /** The seller's counters, counted at most once a second per procedure after bids. */
  stats: StatsScheduler;
  /** Lot access decided for cached sessions, for refusals only (bids/engine/tradingContext.ts, decisions/0017). */
  lotAccess: Map<string, { access: LotAccess; until: number }>;
  /** The forecast model's training under way on this node, if any: a second request waits for it. */
  forecastTraining: Promise<ForecastModelInfo> | null;
  /** Protocols being rendered on this node, by procedure: two asking at once wait for one rendering. */
  protocolRenders: Map<number, Promise<boolean>>;
  /** Deal agreements being made on this node, by deal (decisions/0263): two asking at once wait for one. */
  agreementRenders: Map<number, Promise<unknown>>;
}

/** The node's state for a context being made (its members reach the context only when they run). */
export function createNodeState(ctx: AppContext): NodeState {
  return {
    storage: new LocalDiskStorage(join(ctx.config.dataDir, 'files')),
    lotBook: new LotBook(ctx.bus),
    bidBatcher: null,
    stats: new StatsScheduler((briefcaseId) => publishStats(ctx, briefcaseId)),
    lotAccess: new Map(),
    forecastTraining: null,
    protocolRenders: new Map(),
    agreementRenders: new Map(),
  };
}

/** Stops what runs on its own (the book's bus subscription, counts) and forgets the rest. */
export function closeNodeState(node: NodeState): void {
  node.lotBook.stop();
  node.stats.close();
  node.lotAccess.clear();
  node.protocolRenders.clear();
  node.agreementRenders.clear();
}
