// How the server is bundled (decisions/0252): each entry one ESM bundle with a source map; the workspace packages
// (@etp/domain, contracts, xlsx: TypeScript sources) are bundled in; every other package stays external and is
// loaded from node_modules as usual. Used by the production build (build.mjs) and by the ingestion benchmark's
// compiled child (bench/support/ingestCompiled.ts, decisions/0284), so that both bundle the same way.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Bare imports stay external but for the workspace's own packages, which are TypeScript sources. */
const workspaceInlined = {
  name: 'workspace-inlined',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@etp/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Bundles `entryPoints` (name → source, relative to this package or absolute) into `outdir` as `<name>.mjs`. */
export async function bundleServer({ entryPoints, outdir }) {
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [workspaceInlined],
    logLevel: 'warning',
  });
}
