import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Server test files that run one at a time, after the others (decisions/0153): those that share the one Redis of
 * the machine (its live channel and counters are the same for every test app) and those that measure time, memory
 * or the event loop, which a neighbour on the other core would skew. securityLimits.test.ts uses that Redis too, but
 * runs among the parallel files as the only one there that does: its counters' keys are its own (a random e-mail)
 * and no other parallel file listens to the bus. A second Redis user among them would have to come here.
 */
const SERIAL_SERVER_TESTS = [
  'apps/server/test/faults.test.ts',
  'apps/server/test/liveRevocation.test.ts',
  'apps/server/test/multinode.test.ts',
  'apps/server/test/hostileFiles.test.ts',
  'apps/server/test/ingestPacing.test.ts',
  'apps/server/test/registryCopySlices.test.ts',
  'apps/server/test/registryReport.test.ts',
  'apps/server/test/restart.test.ts',
  'apps/server/test/zipMemory.test.ts',
  'apps/server/src/files/filePriority.test.ts',
];

/**
 * Server test files that run beside the browser journeys, in the idle scheduling class (scripts/test.mjs, decisions/
 * 0277): the journeys keep about a third of a core idle for ten minutes, which these long files fill instead of
 * lengthening the parallel phase. They measure no time (their clocks are fake or unread) and share nothing with the
 * journeys' server (its own PGlite, no Redis); on PostgreSQL each makes its own database. They get longer limits: a
 * journey's burst may hold them back.
 */
const BESIDE_JOURNEYS = [
  'apps/server/test/protocolDemo.test.ts',
  'apps/server/test/protocol.test.ts',
  'apps/server/test/moneyPath.classic.model.test.ts',
  'apps/server/test/moneyPath.sealed.model.test.ts',
  'apps/server/test/moneyPath.dutch.model.test.ts',
  'apps/server/test/deals.test.ts',
  'apps/server/test/dealAgreement.test.ts',
  'apps/server/test/accessMatrix.test.ts',
  'apps/server/test/dealRegistry.test.ts',
  // Added by decisions/0280, with the journeys' trace gone (0279) and half the machine idle for their last half.
  'apps/server/test/simulator.test.ts',
  'apps/server/test/documentsAccess.test.ts',
  'apps/server/test/openapiTools.test.ts',
  'apps/server/test/registryFlow.test.ts',
  'apps/server/test/contractTour.test.ts',
  'apps/server/test/registryBadInput.test.ts',
  'apps/server/test/wizardDocuments.test.ts',
  'apps/server/test/sealedOffers.test.ts',
  'apps/server/test/cardFacts.test.ts',
  'apps/server/test/accountsAccess.test.ts',
  'apps/server/test/briefcases.test.ts',
];

/**
 * The longest files of a project start first (decisions/0153). A clean clone has no timings cached, and Vitest then
 * starts the largest files first: a short file with a long run (the money path's model tests) would start last and
 * keep one worker busy after the other has finished. Listed in order, longest first; the rest keep Vitest's order.
 */
const LONG_FILES = [
  ...BESIDE_JOURNEYS,
  'apps/server/test/forecastRetrain.test.ts',
  'apps/server/test/forecast.test.ts',
  'apps/server/test/concurrency.test.ts',
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONG_FILES.findIndex((path) => file.moduleId.endsWith(path));
      return at < 0 ? LONG_FILES.length : at;
    };
    const sorted = await super.sort(files);
    // Only within a project: its files keep their places among the other projects' and groups'.
    const places = new Map<string, number[]>();
    for (const [at, file] of sorted.entries())
      places.set(file.project.name, [...(places.get(file.project.name) ?? []), at]);
    const result = [...sorted];
    for (const at of places.values()) {
      const mine = at.map((i) => sorted[i]!).sort((a, b) => rank(a) - rank(b));
      for (const [k, i] of at.entries()) result[i] = mine[k]!;
    }
    return result;
  }
}

const server = { testTimeout: 30_000, hookTimeout: 120_000, pool: 'forks' as const, isolate: false };

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    // Server files mostly wait on a database: two at a time even on two cores (the default there is one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Pure modules: one process per worker for all their files (decisions/0274), not a fresh one per file.
      {
        test: {
          name: 'domain',
          include: ['packages/*/src/**/*.test.ts'],
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...SERIAL_SERVER_TESTS, ...BESIDE_JOURNEYS],
          ...server,
        },
      },
      {
        test: {
          name: 'server-beside',
          include: BESIDE_JOURNEYS,
          ...server,
          testTimeout: 120_000,
          maxWorkers: 1,
        },
      },
      {
        test: {
          name: 'server-serial',
          include: SERIAL_SERVER_TESTS,
          ...server,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      'apps/web',
    ],
  },
});
