// The production build (decisions/0252): the server and its two worker entries, each one ESM bundle in dist/ with a
// source map. The workspace packages (@etp/domain, contracts, xlsx: TypeScript sources) are bundled in; every other
// package stays external and is loaded from node_modules as usual. Run the result with `node --enable-source-maps`.
//
// The workers sit beside the server's bundle under the names the server looks for beside its own module
// (filePool.ts: ./fileWorker.mjs, forecast/model/engine.ts: ./forecast.worker.mjs), and dist/ is as deep in the package
// as src/ (app.ts finds ../../web/dist from both; the migrations are looked up: db/client.ts).
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));
// `node build.mjs [folder]`: another folder of this package, as deep as dist (the build's test uses one of its own).
const outdir = resolve(root, process.argv[2] ?? 'dist');

/** Bare imports stay external but for the workspace's own packages, which are TypeScript sources. */
const workspaceInlined = {
  name: 'workspace-inlined',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@etp/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    fileWorker: 'src/files/fileWorker.ts',
    'forecast.worker': 'src/modules/forecast/model/forecast.worker.ts',
  },
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
console.log(`server built into ${outdir} in ${Math.round(performance.now() - started)} ms`);
