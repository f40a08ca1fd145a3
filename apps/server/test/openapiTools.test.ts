/**
 * The contract checked by tools nobody here wrote (issue 30 part 6, decisions/0254): Redocly CLI's recommended rules
 * give no error on the OpenAPI document, and a client generated from it by openapi-typescript compiles under strict
 * TypeScript with every success reply's `data` typed (no `unknown`). The document also has an operationId, a summary
 * and error replies on every operation.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

type Schema = { properties?: Record<string, Schema>; type?: unknown; [key: string]: unknown };
interface OperationDoc {
  operationId?: string;
  summary?: string;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
type Doc = { paths: Record<string, Record<string, OperationDoc>> };

/**
 * The lines of the generated types that say `unknown` inside a success reply (a `2xx: {` block), headers aside, each
 * with the operation or path it belongs to.
 */
function unknownInSuccessReplies(source: string): string[] {
  const found: string[] = [];
  let owner = '';
  let reply: string | null = null;
  let headers: string | null = null;
  for (const line of source.split('\n')) {
    const indent = line.length - line.trimStart().length;
    const opening = /^\s*(?:"([^"]+)"|(\w+)): \{$/.exec(line);
    if (opening && indent === 4) owner = opening[1] ?? opening[2] ?? '';
    if (reply === null) {
      if (/^\s*2\d\d: \{$/.test(line)) reply = ' '.repeat(indent);
      continue;
    }
    if (line === `${reply}};`) {
      reply = null;
      continue;
    }
    if (headers === null && /^\s*headers: \{$/.test(line)) headers = ' '.repeat(indent);
    else if (headers !== null && line === `${headers}};`) headers = null;
    else if (headers === null && /\bunknown\b/.test(line)) found.push(`${owner}: ${line.trim()}`);
  }
  return found;
}

describe('the OpenAPI document, checked by third-party tools', () => {
  let t: TestApp;
  let dir: string;
  let file: string;
  let doc: Doc;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json() as Doc;
    dir = mkdtempSync(join(tmpdir(), 'etp-openapi-'));
    file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );

  it('names, summarises and gives the error replies of every operation', () => {
    expect(operations().length).toBeGreaterThan(140);
    expect(
      operations()
        .filter(({ op }) => !op.operationId || !op.summary)
        .map((o) => o.route),
    ).toEqual([]);
    const withoutErrors = operations().filter(
      ({ op }) => !Object.keys(op.responses).some((s) => /^[45]/.test(s)),
    );
    expect(withoutErrors.map((o) => o.route)).toEqual([]);
  });

  it('types the data of every success reply', () => {
    const untyped = operations().filter(({ op }) =>
      Object.entries(op.responses).some(([status, reply]) => {
        const json = reply.content?.['application/json']?.schema;
        if (!/^2/.test(status) || !json?.properties) return false;
        const data = json.properties.data;
        return !data || Object.keys(data).length === 0;
      }),
    );
    expect(untyped.map((o) => o.route)).toEqual([]);
  });

  it('passes Redocly CLI’s recommended rules with no error', () => {
    const run = spawnSync(bin('redocly'), ['lint', file, '--format=json', '--max-problems=1000'], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(run.stdout) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(errors).toEqual([]);
  });

  it('gives openapi-typescript a client that compiles, with no unknown reply data', async () => {
    const source = astToString(await openapiTS(doc as never));
    const types = join(dir, 'api.ts');
    writeFileSync(
      types,
      `${source}\n// Every success reply's data, as the generated client types it.\ntype Data<O> = O extends { responses: infer R } ? { [S in keyof R]: R[S] extends { content: { 'application/json': { data: infer D } } } ? D : never }[keyof R] : never;\nexport type AllData = { [K in keyof operations]: Data<operations[K]> };\n`,
    );
    const tsc = spawnSync(
      bin('tsc'),
      ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', types],
      {
        encoding: 'utf8',
      },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    expect(unknownInSuccessReplies(source)).toEqual([]);
  });
});
