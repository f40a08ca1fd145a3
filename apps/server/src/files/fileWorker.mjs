// The file worker's entry under the TypeScript loader (development and tests; docs/decisions/0090): tsx's loader,
// then the job runner. The compiled server starts dist/fileWorker.mjs instead, without a loader (decisions/0252).
import './workerSignals.mjs';
import { register } from 'tsx/esm/api';

register();
await import('./fileWorker.ts');
