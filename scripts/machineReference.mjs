// A fixed piece of single-core work, timed: printed by CI before the tests so that a run's times can be read against
// the machine it ran on (the shared 2-core machine's speed varies by half from one session to the next;
// decisions/0274). The same work on every run, of the kinds the tests do most: objects made, written to JSON and
// read back, kept in a Map and looked up, strings sorted.
const started = process.hrtime.bigint();
for (let round = 0; round < 2; round++) {
  const rows = Array.from({ length: 100_000 }, (_, i) => ({
    id: i,
    contract: `Д-${(i * 7919) % 100_003}/${round}`,
    amount_cents: (i * 104_729) % 10_000_000,
    region: `Регион ${i % 85}`,
  }));
  const read = JSON.parse(JSON.stringify(rows));
  const byContract = new Map(read.map((row) => [row.contract, row]));
  let found = 0;
  for (const row of rows) if (byContract.get(row.contract)?.id === row.id) found++;
  if (found === 0) throw new Error('nothing found');
  rows.map((row) => row.contract).sort((a, b) => a.localeCompare(b));
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(
  `machine reference: ${seconds.toFixed(2)} s of one core (2 × 100,000 rows: JSON, Map, localeCompare sort)`,
);
