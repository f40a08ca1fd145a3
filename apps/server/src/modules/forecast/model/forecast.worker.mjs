// The forecast worker's entry under tsx (development, tests): Node 20 cannot start a worker from a .ts file, so this
// loads it through tsx. The compiled server starts dist/forecast.worker.mjs (decisions/0252).
import { tsImport } from 'tsx/esm/api';

await tsImport('./forecast.worker.ts', import.meta.url);
