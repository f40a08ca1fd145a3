/**
 * The web app writes no request path outside its client (issue 30 part 4, decisions/0254): every call names an
 * operation of @etp/contracts through apps/web/src/api/call.ts, so a path lives in one place, typed. This test reads
 * every source file of the app (tests aside, which mock fetch by URL) and fails on a string that spells a server path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..');

/** The server's path prefixes, as they would start a string or a template literal. */
const SERVER_PATH =
  /['"`]\/(api\/v\d|users\/auth|auth_methods|companies\/typeahead|dev\/outbox|ws['"`?]|time['"`?]|health['"`?])/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function requestPathsIn(files: { name: string; text: string }[]): string[] {
  return files.flatMap(({ name, text }) =>
    text
      .split('\n')
      .map((line, i) => ({ line, i }))
      .filter(
        ({ line }) =>
          SERVER_PATH.test(line) && !line.trimStart().startsWith('*') && !line.trimStart().startsWith('//'),
      )
      .map(({ line, i }) => `${name}:${i + 1}: ${line.trim()}`),
  );
}

describe('request paths in the web app', () => {
  it('are written only in apps/web/src/api/', () => {
    const files = sourcesUnder(SRC)
      .filter((path) => !relative(SRC, path).startsWith('api/'))
      .map((path) => ({ name: relative(SRC, path), text: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(requestPathsIn(files)).toEqual([]);
  });

  it('are caught wherever they are spelled', () => {
    const planted = [
      { name: 'a.ts', text: "await apiClient.request('/api/v1/lots', {});" },
      { name: 'b.tsx', text: ['const url = `/api/v1/lots/', '$', '{id}/bids`;'].join('') },
      { name: 'c.ts', text: "fetch('/auth_methods')" },
      { name: 'd.ts', text: '// GET /api/v1/lots in a comment is fine' },
    ];
    expect(requestPathsIn(planted).map((hit) => hit.split(':')[0])).toEqual(['a.ts', 'b.tsx', 'c.ts']);
  });
});
