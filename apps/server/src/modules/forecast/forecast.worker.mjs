// The forecast worker's entry: Node 20 cannot start a worker from a .ts file, so this loads it through tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./forecast.worker.ts', import.meta.url);
