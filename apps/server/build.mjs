// The production build (decisions/0252): the server and its two worker entries, each one ESM bundle in dist/ with a
// source map, bundled as bundle.mjs says. Run the result with `node --enable-source-maps`.
//
// The workers sit beside the server's bundle under the names the server looks for beside its own module
// (filePool.ts: ./fileWorker.mjs, forecast/model/engine.ts: ./forecast.worker.mjs), and dist/ is as deep in the package
// as src/ (app.ts finds ../../web/dist from both; the migrations are looked up: db/client.ts).
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './bundle.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
// `node build.mjs [folder]`: another folder of this package, as deep as dist (the build's test uses one of its own).
const outdir = resolve(root, process.argv[2] ?? 'dist');

const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
await bundleServer({
  entryPoints: {
    main: 'src/main.ts',
    fileWorker: 'src/files/fileWorker.ts',
    'forecast.worker': 'src/modules/forecast/model/forecast.worker.ts',
  },
  outdir,
});
console.log(`server built into ${outdir} in ${Math.round(performance.now() - started)} ms`);
