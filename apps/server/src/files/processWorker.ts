/**
 * A file worker in a process of its own (docs/decisions/0232), with the face of a worker thread the pool expects
 * (postMessage, message / error / exit, terminate, ref / unref).
 *
 * Why a process: a worker thread's own thread can run at idle priority, but a third of its file work does not run
 * there. The collection of its heap runs on V8's helper threads and the inflating of the zip on libuv's pool, and
 * both are shared with the thread that answers bids, at its priority. A process started through `chrt --idle`
 * has every thread at idle priority, its collector's and its zlib's included, so any bid's wakeup preempts all
 * of its work at once. Its heap limit is V8's `--max-old-space-size`; a process past it ends with V8's
 * out-of-memory report on its stderr, which is read for that alone and never logged (it may quote the file).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHRT_PATH, idlePriorityEnabled } from './idlePriority.ts';

/** The last bytes of a worker's stderr kept, to tell an out-of-memory end from a crash. */
const STDERR_TAIL = 4096;
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed/i;

export interface ProcessWorkerOptions {
  /** The heap of the process (old generation), MB. */
  memoryMb: number;
  /** Its stack, MB. */
  stackSizeMb: number;
}

export class ProcessWorker extends EventEmitter {
  private readonly child: ChildProcess;
  private stderrTail = '';
  private exited: Promise<void>;

  constructor(bootstrap: URL, options: ProcessWorkerOptions) {
    super();
    const nodeArgs = [
      `--max-old-space-size=${options.memoryMb}`,
      // V8's own stack bound, below the 8 MB the system gives a process's main thread.
      `--stack-size=${Math.min(options.stackSizeMb, 7) * 1000}`,
      // The compiled server's stack traces name its sources (decisions/0252): so do its workers'.
      ...(process.sourceMapsEnabled ? ['--enable-source-maps'] : []),
    ];
    const chrt = idlePriorityEnabled() ? CHRT_PATH : null;
    this.child = fork(fileURLToPath(bootstrap), [], {
      // Through chrt, every thread the process will have starts at idle priority.
      execPath: chrt ?? process.execPath,
      execArgv: chrt ? ['--idle', '0', process.execPath, ...nodeArgs] : nodeArgs,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, ETP_FILE_WORKER: 'process' },
    });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (text: string) => {
      this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL);
    });
    this.child.on('message', (message) => this.emit('message', message));
    this.child.on('error', (error) => this.emit('error', error));
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        // stderr may still hold the last of V8's report: read to its end first.
        const settle = () => {
          if (OUT_OF_MEMORY.test(this.stderrTail)) {
            this.emit(
              'error',
              Object.assign(new Error('the file worker ran out of memory'), {
                code: 'ERR_WORKER_OUT_OF_MEMORY',
              }),
            );
          }
          this.emit('exit', code ?? (signal ? 1 : 0));
          resolve();
        };
        if (this.child.stderr && !this.child.stderr.readableEnded) this.child.stderr.once('close', settle);
        else settle();
      });
    });
  }

  /** The process id (monitoring, the benchmark's memory count). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Resident memory of the process, bytes (0 once it has ended). */
  rssBytes(): number {
    try {
      return Number(readFileSync(`/proc/${this.child.pid}/statm`, 'utf8').split(' ')[1]) * 4096;
    } catch {
      return 0;
    }
  }

  postMessage(message: unknown): void {
    if (this.child.connected) this.child.send(message as never);
  }

  terminate(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    return this.exited;
  }

  ref(): void {
    this.child.ref();
    (this.child.channel as { ref?: () => void } | undefined)?.ref?.();
    (this.child.stderr as { ref?: () => void } | null)?.ref?.();
  }

  unref(): void {
    this.child.unref();
    (this.child.channel as { unref?: () => void } | undefined)?.unref?.();
    (this.child.stderr as { unref?: () => void } | null)?.unref?.();
  }
}
