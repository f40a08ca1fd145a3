/**
 * The ingestion benchmark's child, compiled as the product runs (decisions/0252, 0284): one ESM bundle of
 * ingest.child.ts and the file worker's entry beside it, bundled as the server's build bundles
 * (apps/server/bundle.mjs) into apps/server/dist-bench/ (as deep as dist/, where the server's modules look for the
 * migrations and the worker).
 * Under the TypeScript loader every process carried the loader too: 57 MB more for an idle file worker (143 against
 * 86 MB), and the peak RSS the benchmark reports was the loader's as much as the ingestion's.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../apps/server/bundle.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SERVER = join(here, '..', '..', 'apps', 'server');
const COMPILED_DIR = join(SERVER, 'dist-bench');

/** Builds the compiled child; returns its path (run it with `node --enable-source-maps`). */
export async function buildCompiledIngestChild(): Promise<string> {
  await bundleServer({
    entryPoints: {
      'ingest.child': join(here, 'ingest.child.ts'),
      fileWorker: join(SERVER, 'src', 'files', 'fileWorker.ts'),
    },
    outdir: COMPILED_DIR,
  });
  return join(COMPILED_DIR, 'ingest.child.mjs');
}
