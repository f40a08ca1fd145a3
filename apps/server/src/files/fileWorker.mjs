// The file worker's entry (docs/decisions/0090): TypeScript through tsx's loader, then the job runner.
import { register } from 'tsx/esm/api';

register();
await import('./fileWorker.ts');
