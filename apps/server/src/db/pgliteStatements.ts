/**
 * Named statements on PGlite's one session (decisions/0265). PGlite's own `query` sends every statement as an unnamed
 * one: it is parsed, analysed and planned again each time, in six calls into the database (parse, describe, bind,
 * describe, execute, sync). The bid batcher runs the same two large statements for every batch, and on PGlite that
 * parsing and planning was most of a batch's time in the database. Here a statement is parsed once under a name
 * of its own and then only bound and executed, with the bind, execute and sync sent in one call. The results are
 * parsed by PGlite's own parser with its type parsers, as its `query` does.
 *
 * Only inside a transaction of the session (`PGlite.transaction`): it takes the session's turn for each statement
 * (`runExclusive`), as the transaction's own `query` does, and leaves writing to the file system to the end of the
 * transaction, as PGlite does inside one.
 */
import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db, DedicatedConnection } from './client.ts';
import * as schema from './schema/index.ts';

const { serialize } = protocol;

/** Statements kept prepared at most; the one used least recently is closed beyond that. */
const MAX_STATEMENTS = 64;

interface Prepared {
  name: string;
  /** The type of each parameter, as the database inferred it (its OID), for PGlite's serializers. */
  paramTypes: number[];
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** PGlite's own error dress: the failed statement and its parameters on the error (as its `query` adds them). */
function withQuery(error: unknown, text: string, params: unknown[]): unknown {
  if (typeof error === 'object' && error !== null) Object.assign(error, { query: text, params });
  return error;
}

class PgliteStatements {
  private readonly prepared = new Map<string, Prepared>();
  private counter = 0;

  constructor(private readonly client: PGlite) {}

  /** Runs `text` as a named statement of this session (prepared on first use). Inside a transaction only. */
  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.client.runExclusive(async () => {
      const statement = await this.statement(text, params);
      const values = params.map((value, k) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[k]!;
        const serializer = options?.serializers?.[type] ?? this.client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      let messages: Awaited<ReturnType<PGlite['execProtocolStream']>>;
      try {
        messages = await this.client.execProtocolStream(
          joined([
            serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
      } catch (error) {
        throw withQuery(error, text, params);
      }
      return parse.parseResults(messages, this.client.parsers, options)[0] as Results<T>;
    });
  }

  /** The statement prepared under a name for `text`: parsed and described once, then reused. */
  private async statement(text: string, params: unknown[]): Promise<Prepared> {
    const known = this.prepared.get(text);
    if (known) {
      // Most recently used last: the map's first entry is the one to close when it is full.
      this.prepared.delete(text);
      this.prepared.set(text, known);
      return known;
    }
    const name = `etp_${++this.counter}`;
    let described: Awaited<ReturnType<PGlite['execProtocolStream']>>;
    try {
      described = await this.client.execProtocolStream(
        joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
        { syncToFs: false },
      );
    } catch (error) {
      throw withQuery(error, text, params);
    }
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    if (this.prepared.size >= MAX_STATEMENTS) {
      const [oldestText, oldest] = this.prepared.entries().next().value!;
      this.prepared.delete(oldestText);
      await this.client.execProtocolStream(
        joined([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]),
        { syncToFs: false },
      );
    }
    this.prepared.set(text, statement);
    return statement;
  }
}

/**
 * The bid batcher's session on PGlite (Database.namedSession): the transactions of `db` (the same BEGIN and COMMIT),
 * whose work runs through a Drizzle handle that sends every statement as a named one (PgliteStatements).
 */
export function pgliteNamedSession(client: PGlite, db: Db): DedicatedConnection {
  const statements = new PgliteStatements(client);
  const named = { query: statements.query.bind(statements) } as unknown as PGlite;
  const own = drizzlePglite({ client: named, schema }) as unknown as Db;
  return {
    db: own,
    failed: false,
    async query(statement, values) {
      return (await statements.query<Record<string, unknown>>(statement.text, values)).rows;
    },
    // The work runs inside the transaction that `db.transaction` holds the session for; its statements go by name.
    transaction: (work) => db.transaction(() => work(own)),
  };
}
