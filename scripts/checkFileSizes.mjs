#!/usr/bin/env node
/**
 * No source file over 400 lines (docs/decisions/0257): a file that grows past that is split by responsibility.
 * Source is every .ts, .tsx and .mjs file under apps/<app>/src, packages/<package>/src and scripts/, except tests
 * (*.test.ts(x), *.spec.ts(x), test/ and e2e/ folders), declarations (*.d.ts), generated files (*.gen.ts,
 * *.generated.ts, or marked @generated in their first lines) and migrations. Each file over the limit is printed with
 * its line count and the script exits 1.
 *
 * Plain Node, no dependencies, a fraction of a second. Run by `npm run lint`; apps/server/test/fileSizes.test.ts
 * checks it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The most lines a source file may have. */
export const MAX_LINES = 400;

/**
 * Files allowed over the limit, each with its line count as its ceiling: it may shrink, not grow. Empty since the
 * last files over the limit were split (decisions/0257); the list may only shrink, so it stays empty.
 */
const ALLOWED_OVER_LIMIT = {};

const SOURCE = /\.(?:ts|tsx|mjs)$/;
const NOT_SOURCE = /(?:\.(?:test|spec)\.tsx?|\.d\.ts|\.gen\.ts|\.generated\.ts)$/;
/** Folders never looked into: tests, builds, dependencies, migrations. */
const SKIPPED_FOLDERS = new Set(['test', 'e2e', 'node_modules', 'dist', 'drizzle', 'migrations']);

/** Whether a file's first lines mark it as generated. */
const isGenerated = (text) => /@generated\b/.test(text.slice(0, 500));

/** Lines of a text as `wc -l` counts them, the last one counted even without a final line break. */
export function lineCount(text) {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

/** Every file under `dir` that counts as source, as paths relative to `root` with `/`. */
function sourceFiles(dir, root) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(full, root);
    if (!entry.isFile() || !SOURCE.test(entry.name) || NOT_SOURCE.test(entry.name)) return [];
    return [relative(root, full).split(sep).join('/')];
  });
}

/** The folders whose files count: apps/<app>/src, packages/<package>/src and scripts/. */
function sourceRoots(root) {
  const srcOf = (parent) =>
    existsSync(join(root, parent))
      ? readdirSync(join(root, parent), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(root, parent, entry.name, 'src'))
      : [];
  return [...srcOf('apps'), ...srcOf('packages'), join(root, 'scripts')];
}

/**
 * Every source file under `root` over its limit: MAX_LINES, or its ceiling in the allow-list. Paths relative to
 * `root`, with `/`, sorted.
 */
export function checkFileSizes(root = ROOT, { maxLines = MAX_LINES, allowed = ALLOWED_OVER_LIMIT } = {}) {
  const found = [];
  for (const dir of sourceRoots(root)) {
    for (const path of sourceFiles(dir, root)) {
      const text = readFileSync(join(root, path), 'utf8');
      if (isGenerated(text)) continue;
      const lines = lineCount(text);
      const limit = Math.max(maxLines, allowed[path] ?? 0);
      if (lines > limit) found.push({ path, lines, limit });
    }
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ? resolve(process.argv[2]) : ROOT;
  const over = checkFileSizes(root);
  if (over.length > 0) {
    for (const f of over) {
      const ceiling = f.limit > MAX_LINES ? ', its ceiling in the allow-list' : '';
      console.error(`${f.path}: ${f.lines} lines (at most ${f.limit}${ceiling})`);
    }
    console.error(
      `\n${over.length} source file(s) too long: split each by responsibility (docs/decisions/0257-file-size-limit.md).`,
    );
    process.exit(1);
  }
}
