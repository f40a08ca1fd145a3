// Ctrl-C in a terminal (and a stop sent to the process group) reaches a worker process too: it is ended by its pool,
// after the scheduler's job in it is done (shutdown.ts), or when the node is gone, never by the signal itself.
// Plain JavaScript, so that the TypeScript loader's entry (fileWorker.mjs) installs it before loading anything, and
// the compiled worker (fileWorker.ts bundled, decisions/0252) as the first thing it runs.
if (process.env.ETP_FILE_WORKER === 'process')
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
