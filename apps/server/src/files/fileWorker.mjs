// The file worker's entry (docs/decisions/0090): TypeScript through tsx's loader, then the job runner.
import { register } from 'tsx/esm/api';

// Ctrl-C in a terminal (and a stop sent to the process group) reaches a worker process too: it is ended by its pool,
// after the scheduler's job in it is done (shutdown.ts), or when the node is gone, never by the signal itself.
if (process.env.ETP_FILE_WORKER === 'process')
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
register();
await import('./fileWorker.ts');
