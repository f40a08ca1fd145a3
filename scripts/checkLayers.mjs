#!/usr/bin/env node
/**
 * The server's one layering rule that a reviewer cannot keep by eye (docs/decisions/0256): SQL lives only in
 * `*.queries.ts` modules and in the database layer. Under apps/server/src, any other file that imports a value from
 * `drizzle-orm`, from the schema module (db/schema) or from a database driver, or calls the query builder on a
 * database handle (`db.select(`, `tx.update(`, `ctx.db.query.users.findFirst(`, `session.query(`…), is reported as
 * file:line and the script exits 1. Type-only imports are allowed: a row's type runs no statement.
 *
 * Plain Node, no dependencies: comments are blanked by a small lexer (strings stay), then a few regular
 * expressions read the imports and the calls. Run by `npm run lint`; apps/server/test/layers.test.ts checks it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_SRC = join(ROOT, 'apps/server/src');

/**
 * Files besides `*.queries.ts` that may hold SQL, as paths under apps/server/src (a trailing `/` takes the whole
 * folder). Each is justified in docs/decisions/0256; keep the list short.
 */
const ALLOWED = [
  // The database layer itself: the client (PGlite or PostgreSQL, migrations, dedicated connections) and the tables.
  'db/',
  // The deterministic demo data: a loader that writes whole tables from a plan, before any service runs.
  'seed/',
  // The raw session of the registry upload: transaction control and the COPY protocol over the driver. The
  // statements it runs are written in registries/ingest/*.queries.ts and lotings/lotting/lotRows.queries.ts.
  'modules/registries/ingest/rawSession.ts',
];

/** Modules whose values build or run SQL: the query builder and its operators, and the drivers. */
const SQL_MODULES = [/^drizzle-orm(\/.*)?$/, /^pg$/, /^postgres$/, /^@electric-sql\/pglite(\/.*)?$/];

/** A query-builder or driver call on a database handle (db, tx, ctx.db, this.db, a raw session, a connection). */
const BUILDER_CALL =
  /\b(?:db|tx|trx|session|connection)\s*\.\s*(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|query|copyFrom|\$count|\$with)\s*[.(<]/g;

const SOURCE = /\.(?:ts|mts|cts|mjs|js)$/;

/** Whether a file (path under apps/server/src, with `/`) may hold SQL. */
function isAllowed(path) {
  if (/\.queries\.ts$/.test(path)) return true;
  return ALLOWED.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));
}

/**
 * The source with every comment replaced by spaces (line breaks kept, so offsets and line numbers stay true).
 * Strings, template literals (with their `${…}`) and regular expression literals are skipped over intact.
 */
export function blankComments(text) {
  const out = text.split('');
  const blank = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  /** Template nesting: each entry counts the braces open inside one `${`. */
  const templates = [];
  let last = ''; // the last significant character of code, to tell a regular expression from a division
  let i = 0;
  const n = text.length;
  const skipString = (quote) => {
    i++;
    while (i < n && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  /** From inside a template's text: to its end (returns false) or into a `${` (returns true). */
  const skipTemplateText = () => {
    while (i < n) {
      if (text[i] === '\\') i += 2;
      else if (text[i] === '`') {
        i++;
        return false;
      } else if (text[i] === '$' && text[i + 1] === '{') {
        i += 2;
        return true;
      } else i++;
    }
    return false;
  };
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      skipString(c);
      last = 'a';
    } else if (c === '`') {
      i++;
      if (skipTemplateText()) templates.push(0);
      last = 'a';
    } else if (c === '{' && templates.length) {
      templates[templates.length - 1]++;
      i++;
      last = c;
    } else if (c === '}' && templates.length && templates[templates.length - 1] === 0) {
      templates.pop();
      i++;
      if (skipTemplateText()) templates.push(0);
      last = 'a';
    } else if (c === '}' && templates.length) {
      templates[templates.length - 1]--;
      i++;
      last = c;
    } else if (c === '/' && (last === '' || '(,=:[!&|?{};+-*%<>~^'.includes(last))) {
      // A regular expression literal: to its closing slash, classes ([…]) may hold an unescaped one.
      i++;
      let inClass = false;
      while (i < n && text[i] !== '\n') {
        if (text[i] === '/' && !inClass) break;
        if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        i += text[i] === '\\' ? 2 : 1;
      }
      i++;
      last = 'a';
    } else {
      if (!/\s/.test(c)) last = /[\w$)\]]/.test(c) ? 'a' : c;
      // `return /re/` and `typeof /re/`: a word that ends an expression is not a division's left side.
      if (/[\w$]/.test(c) && !/[\w$]/.test(next ?? '')) {
        const word = /[\w$]+$/.exec(text.slice(Math.max(0, i - 10), i + 1))?.[0];
        if (word === 'return' || word === 'typeof' || word === 'case' || word === 'yield') last = '(';
      }
      i++;
    }
  }
  return out.join('');
}

/** Whether an import or re-export clause brings only types (`import type …`, or every specifier marked `type`). */
function typeOnly(keywordType, clause) {
  if (keywordType) return true;
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((s) => s.startsWith('type '));
}

/** Whether a module specifier, imported from `file` (absolute), is SQL: drizzle-orm, a driver or the schema. */
function isSqlModule(specifier, file, srcDir) {
  if (SQL_MODULES.some((re) => re.test(specifier))) return true;
  if (!specifier.startsWith('.')) return false;
  const target = relative(join(srcDir, 'db', 'schema'), resolve(dirname(file), specifier));
  return target === '' || !(target.startsWith('..') || isAbsolute(target));
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** The violations of one file's source (`path`: under apps/server/src, for the report). */
export function checkSource(path, source, srcDir = SERVER_SRC) {
  if (isAllowed(path)) return [];
  const file = join(srcDir, path);
  const code = blankComments(source);
  const found = [];
  const imports =
    /\b(import|export)\s+(type\s+)?((?:[\w$]+\s*,\s*)?(?:\*\s+as\s+[\w$]+|\*|\{[^}]*\}|[\w$]+))\s*from\s*(['"])([^'"]+)\4/g;
  for (const m of code.matchAll(imports)) {
    const [, kind, keywordType, clause, , specifier] = m;
    if (!isSqlModule(specifier, file, srcDir) || typeOnly(keywordType, clause)) continue;
    found.push({
      path,
      line: lineOf(code, m.index),
      message: `${kind}s a value from '${specifier}' (SQL belongs in a *.queries.ts module)`,
    });
  }
  for (const m of code.matchAll(/\bimport\s*(?:\(\s*)?(['"])([^'"]+)\1/g)) {
    if (!isSqlModule(m[2], file, srcDir)) continue;
    found.push({
      path,
      line: lineOf(code, m.index),
      message: `imports '${m[2]}' (SQL belongs in a *.queries.ts module)`,
    });
  }
  for (const m of code.matchAll(BUILDER_CALL)) {
    found.push({
      path,
      line: lineOf(code, m.index),
      message: `calls the query builder (.${m[1]}) (SQL belongs in a *.queries.ts module)`,
    });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Every source file under `dir`, as paths relative to it with `/`. */
function sourceFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full, base);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [relative(base, full).split(sep).join('/')]
      : [];
  });
}

/** Every violation under a server source folder (apps/server/src by default). */
export function checkLayers(srcDir = SERVER_SRC) {
  return sourceFiles(srcDir).flatMap((path) =>
    checkSource(path, readFileSync(join(srcDir, path), 'utf8'), srcDir),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const violations = checkLayers(process.argv[2] ? resolve(process.argv[2]) : SERVER_SRC);
  if (violations.length > 0) {
    for (const v of violations) console.error(`apps/server/src/${v.path}:${v.line}  ${v.message}`);
    console.error(
      `\n${violations.length} place(s) with SQL outside *.queries.ts (docs/decisions/0256-sql-only-in-queries.md).`,
    );
    process.exit(1);
  }
}
