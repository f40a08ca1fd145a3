// Deals the journeys' spec files out to shards of about equal length (decisions/0274). Playwright's own --shard
// splits by the number of tests, file by file in order, and gave one shard 41 journeys and the other 19; here the
// longest file goes first to the shorter shard, by each file's measured seconds.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const TESTS_DIR = join(import.meta.dirname, '..', 'e2e', 'tests');

/**
 * Seconds each file took in one run of all journeys in one process (28 Nov, a loaded machine: only the proportions
 * matter). A file not listed counts as the average of those listed; a listed file that is gone is ignored.
 */
export const JOURNEY_SECONDS = {
  'trade.spec.ts': 553,
  'faq-calendar.spec.ts': 279,
  'deal-journeys.spec.ts': 156,
  'wizard-custom.spec.ts': 145,
  'wizard-sealed.spec.ts': 144,
  'wizard-pricing.spec.ts': 138,
  'wizard.spec.ts': 131,
  'trade-live.spec.ts': 120,
  'forecast.spec.ts': 119,
  'documents.spec.ts': 110,
  'deals.spec.ts': 103,
  'accounts.spec.ts': 99,
  'wizard-lists.spec.ts': 95,
  'who-may-sell.spec.ts': 75,
  'wizard-flow.spec.ts': 75,
  'foundation.spec.ts': 73,
  'hostile-files.spec.ts': 54,
  'analytics.spec.ts': 51,
  'stats.spec.ts': 51,
};

/** The spec files (names in e2e/tests) of each of `shards` shards. */
export function dealJourneys(shards, files = readdirSync(TESTS_DIR).filter((f) => f.endsWith('.spec.ts'))) {
  const known = Object.values(JOURNEY_SECONDS);
  const average = known.reduce((a, b) => a + b, 0) / known.length;
  const weight = (file) => JOURNEY_SECONDS[file] ?? average;
  const dealt = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const shortest = dealt.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    shortest.files.push(file);
    shortest.seconds += weight(file);
  }
  return dealt.map((shard) => shard.files.sort());
}
