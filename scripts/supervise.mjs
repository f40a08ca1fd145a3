// A minimal supervisor for hosts without systemd (docs/operations.md, Supervisor): runs a command and starts it
// again whenever it exits, RESTART_DELAY_MS (default 2000) later, for ever. SIGTERM or SIGINT is passed on to the
// command, and the supervisor exits when the command has stopped.
//
//   node scripts/supervise.mjs node --enable-source-maps apps/server/dist/main.mjs   (after `npm run build`)
//
// Each start is reported on stderr as one line: `supervise: started pid <pid>` (and `exited code <c> signal <s>`).
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/supervise.mjs <command> [args...]');
  process.exit(2);
}
const delay = Number(process.env.RESTART_DELAY_MS ?? 2000);
let child = null;
let stopping = false;
let timer = null;

function start() {
  timer = null;
  child = spawn(command, args, { stdio: 'inherit' });
  console.error(`supervise: started pid ${child.pid}`);
  child.once('error', (error) => console.error(`supervise: cannot start: ${error.message}`));
  child.once('exit', (code, signal) => {
    console.error(`supervise: exited code ${code} signal ${signal}`);
    child = null;
    if (stopping) process.exit(0);
    timer = setTimeout(start, delay);
  });
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    if (timer) clearTimeout(timer);
    if (child) child.kill(signal);
    else process.exit(0);
  });
}

start();
