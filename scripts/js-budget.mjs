// The first-load JavaScript of every route of the web app, from the production build's manifest, against the
// budget of issue 16: at most 250 kB gzip per route (decisions/0145).
//
// A route's first load is the entry chunk, the route's page chunk, the chunks they import statically, and the
// chunks of the lazy parts that every visit renders right after (FIRST_RENDER_LAZY below: the feed's calendar),
// reported beside it but not budgeted, as is what loads on the user's first interaction with the page
// (ON_FIRST_INTERACTION: snackbars, tooltips, the feed's selects and organisation filter; decisions/0230). Tabs, dialogs and charts that load on a click are reported apart, as
// "on demand". Each chunk counts once, gzipped at level 9, as the server's static compression sends it.
//
//   node scripts/js-budget.mjs [--json <file>] [--dist <dir>]
// Exits 1 when a route is over the budget or the manifest is missing (build with `npm run build -w apps/web`).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_GZIP_BYTES = 250 * 1000;

/**
 * Lazy modules a route renders right after its first paint, by the route's page module: reported as
 * `with_deferred_first_render_gzip_bytes`, not budgeted (they load after the page is usable, decisions/0145).
 */
const FIRST_RENDER_LAZY = {
  'src/features/feed/FeedPage.tsx': ['src/features/feed/calendar/FeedCalendar.tsx'],
};

/** Lazy modules fetched on the user's first interaction with a page (decisions/0170, 0230). */
const ON_FIRST_INTERACTION = [
  '../../node_modules/notistack/notistack.esm.js',
  '../../node_modules/@mui/material/Tooltip/index.mjs',
  'src/components/select/SelectView.tsx',
  'src/features/feed/CompanyFilter.tsx',
];

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(option('--dist') ?? join(root, 'apps/web/dist'));
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(
    `✖ ${manifestPath} is missing: build the web app first (npm run build --workspace apps/web).`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
const gzipBytes = (file) => {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
};

/** Every chunk key reached from `keys` through static imports. */
const staticClosure = (keys, into = new Set()) => {
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop();
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    into.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return into;
};
const sum = (keys) => [...keys].reduce((total, key) => total + gzipBytes(manifest[key].file), 0);

const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
if (!entryKey) throw new Error('the manifest has no entry chunk');
const entry = staticClosure([entryKey]);
for (const lazy of ON_FIRST_INTERACTION) {
  if (!manifest[lazy]) throw new Error(`the manifest has no chunk for the first-interaction module ${lazy}`);
}
const onInteraction = staticClosure(ON_FIRST_INTERACTION);
for (const key of entry) onInteraction.delete(key);

// The pages: every module the router imports lazily (apps/web/src/app/router.tsx), as the manifest names them.
const routerSource = readFileSync(join(root, 'apps/web/src/app/router.tsx'), 'utf8');
const pages = [
  ...new Set([...routerSource.matchAll(/import\('\.\.\/([^']+)'\)/g)].map((m) => `src/${m[1]}`)),
];
for (const page of pages) {
  if (!manifest[page]) throw new Error(`the manifest has no chunk for the routed page ${page}`);
}
const routes = pages.map((page) => {
  const firstLoad = staticClosure([page], new Set(entry));
  const deferredKeys = FIRST_RENDER_LAZY[page] ?? [];
  const withDeferred = new Set(firstLoad);
  for (const lazy of deferredKeys) staticClosure([lazy], withDeferred);
  const onDemand = (manifest[page].dynamicImports ?? [])
    .filter((key) => !deferredKeys.includes(key))
    .map((key) => {
      const extra = [...staticClosure([key])].filter((chunk) => !withDeferred.has(chunk));
      return { module: key, added_gzip_bytes: sum(extra) };
    });
  const bytes = sum(firstLoad);
  return {
    page,
    first_load_gzip_bytes: bytes,
    chunks: firstLoad.size,
    with_deferred_first_render_gzip_bytes: sum(withDeferred),
    deferred_first_render: deferredKeys,
    within_budget: bytes <= BUDGET_GZIP_BYTES,
    on_demand: onDemand,
  };
});

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
console.log(
  `JS first load per route (gzip, budget ${kB(BUDGET_GZIP_BYTES)}); entry alone ${kB(sum(entry))}; at most ${kB(sum(onInteraction))} more on the first interaction (${ON_FIRST_INTERACTION.join(', ')})`,
);
for (const route of routes.sort((a, b) => b.first_load_gzip_bytes - a.first_load_gzip_bytes)) {
  const mark = route.within_budget ? ' ' : '✖';
  const deferred =
    route.deferred_first_render.length > 0
      ? ` (${kB(route.with_deferred_first_render_gzip_bytes)} with ${route.deferred_first_render.join(', ')})`
      : '';
  console.log(`${mark} ${kB(route.first_load_gzip_bytes).padStart(9)}  ${route.page}${deferred}`);
  for (const lazy of route.on_demand)
    console.log(`      + ${kB(lazy.added_gzip_bytes).padStart(9)} on demand: ${lazy.module}`);
}

const jsonPath = option('--json');
if (jsonPath) {
  writeFileSync(
    jsonPath,
    `${JSON.stringify(
      {
        benchmark: 'web-bundle',
        measured_at: new Date().toISOString(),
        method:
          'apps/web/dist/.vite/manifest.json: entry + page chunk + their static imports + lazy parts rendered at once; each chunk gzip level 9, counted once',
        goals: [{ name: 'every route first-load JS gzip', threshold_bytes: BUDGET_GZIP_BYTES }],
        machine: { node: process.version },
        entry_gzip_bytes: sum(entry),
        on_first_interaction_gzip_bytes: sum(onInteraction),
        on_first_interaction: ON_FIRST_INTERACTION,
        routes,
        pass: routes.every((route) => route.within_budget),
        routes_over_budget: routes.filter((route) => !route.within_budget).map((route) => route.page),
      },
      null,
      2,
    )}\n`,
  );
}

const over = routes.filter((route) => !route.within_budget);
if (over.length > 0) {
  console.error(`✖ ${over.length} route(s) over ${kB(BUDGET_GZIP_BYTES)} of JS on first load`);
  process.exit(1);
}
console.log('✔ every route within the JS budget');
