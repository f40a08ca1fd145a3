/**
 * A private PostgreSQL cluster (initdb + pg_ctl on a free port, in a temporary directory) and a private redis-server,
 * for the fault tests: they stop, crash, restart and freeze these, never a shared server. The binaries must be there:
 * without them the tests fail with a message saying what to install, they are not skipped.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './process.ts';

const run = promisify(execFile);

/** The directory of initdb, pg_ctl and postgres: PG_BIN, or the newest /usr/lib/postgresql/<version>/bin. */
function postgresBin(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(root, versions[0], 'bin');
  throw new Error(
    [
      'The fault tests need PostgreSQL server binaries (initdb, pg_ctl) to run a private cluster, and found none',
      'under /usr/lib/postgresql/*/bin. Install them (apt-get install -y postgresql) or set PG_BIN to their directory.',
    ].join('\n'),
  );
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user (or `nobody`). */
function asServerUser(): { uid: number; gid: number; name: string } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const line = readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .find((l) => l.startsWith(`${name}:`));
      if (!line) continue;
      const [, , uid, gid] = line.split(':');
      return { uid: Number(uid), gid: Number(gid), name };
    } catch {
      // no passwd file
    }
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as');
}

export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
    private readonly user: { uid: number; gid: number; name: string } | null,
  ) {}

  static async create(settings: Record<string, string | number> = {}): Promise<PrivatePostgres> {
    const bin = postgresBin();
    const user = asServerUser();
    const dir = mkdtempSync(join(tmpdir(), 'etp-faults-pg-'));
    if (user) {
      chownSync(dir, user.uid, user.gid);
      chmodSync(dir, 0o700);
    }
    const cluster = new PrivatePostgres(bin, dir, await freePort(), user);
    await cluster.exec('initdb', [
      '-D',
      join(dir, 'data'),
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
    ]);
    const options = {
      listen_addresses: "'127.0.0.1'",
      unix_socket_directories: `'${dir}'`,
      fsync: 'off',
      full_page_writes: 'off',
      max_connections: 40,
      ...settings,
    };
    const conf = Object.entries(options)
      .map(([k, v]) => `${k} = ${v}`)
      .join('\n');
    await cluster.exec('sh', [
      '-c',
      `printf '%s\\n' "${conf.replaceAll('"', '\\"')}" >> ${join(dir, 'data', 'postgresql.conf')}`,
    ]);
    await cluster.start();
    return cluster;
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    await this.exec(join(this.bin, 'pg_ctl'), [
      'start',
      '-w',
      '-t',
      '30',
      '-D',
      join(this.dir, 'data'),
      '-o',
      `-p ${this.port}`,
      '-l',
      join(this.dir, 'log'),
    ]);
  }

  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.exec(join(this.bin, 'pg_ctl'), ['stop', '-w', '-m', mode, '-D', join(this.dir, 'data')]);
  }

  async restart(): Promise<void> {
    await this.exec(join(this.bin, 'pg_ctl'), [
      'restart',
      '-w',
      '-m',
      'fast',
      '-D',
      join(this.dir, 'data'),
      '-o',
      `-p ${this.port}`,
      '-l',
      join(this.dir, 'log'),
    ]);
  }

  /** Kills the postmaster and every backend with SIGKILL: a crash, with no shutdown of any kind. */
  async crash(): Promise<void> {
    const pid = Number(readFileSync(join(this.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(pid)]);
    process.kill(pid, 'SIGKILL');
    for (const child of stdout.split('\n').map(Number).filter(Boolean)) {
      try {
        process.kill(child, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    for (let i = 0; i < 100 && (await this.accepting()); i++) await new Promise((r) => setTimeout(r, 50));
    // What a crashed postmaster leaves behind and would stop the next start.
    rmSync(join(this.dir, 'data', 'postmaster.pid'), { force: true });
    rmSync(join(this.dir, `.s.PGSQL.${this.port}`), { force: true });
    rmSync(join(this.dir, `.s.PGSQL.${this.port}.lock`), { force: true });
  }

  /** Runs one statement on a fresh connection (which survives the cluster's restarts). */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
    database = 'postgres',
  ): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.url(database) });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async accepting(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  }

  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async exec(command: string, args: string[]): Promise<void> {
    const [file, argv] = this.user
      ? ['runuser', ['-u', this.user.name, '--', command, ...args]]
      : [command, args];
    await run(file, argv, { cwd: this.dir, timeout: 60_000 });
  }
}

/** A private redis-server that can be killed and started again on the same port. */
export class PrivateRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async reserve(): Promise<PrivateRedis> {
    if (!(await run('sh', ['-c', 'command -v redis-server']).catch(() => null))) {
      throw new Error(
        'The fault tests need redis-server to run a private Redis, and it is not installed (apt-get install -y redis-server).',
      );
    }
    return new PrivateRedis(await freePort());
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--enable-debug-command',
        'local',
      ],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 200; i++) {
      if (await this.ping()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('redis-server did not start');
  }

  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  /** Sends one command in the inline protocol; resolves with the first reply line. */
  command(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(this.port, '127.0.0.1');
      socket.once('error', reject);
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().trim());
      });
      socket.write(`${text}\r\n`);
    });
  }

  private async ping(): Promise<boolean> {
    return this.command('PING').then(
      (reply) => reply === '+PONG',
      () => false,
    );
  }
}
