// The floor of a request-path benchmark: a bare Fastify route ({"ok":true}) in a child process of its own, as the
// service runs, so that the same load generator measures both. Run as a script, it serves; imported, it starts one.
//
// With `postgres`, each request also makes that many round trips to PostgreSQL, one after the other, through the
// service's own store (src/store/postgres.ts, its pool of 10): the least a request with that many round trips can cost
// on this machine, its statements doing nothing (`select $1::int8`).
import { spawn } from 'node:child_process';
import Fastify from 'fastify';

const SELF = new URL(import.meta.url).pathname;

export interface FloorServer {
  url: string;
  pid: number;
  cpu(): Promise<NodeJS.CpuUsage>;
  stop(): Promise<void>;
}

export async function startFloorServer(postgres?: { url: string; roundTrips: number }): Promise<FloorServer> {
  const args = [
    '--import',
    'tsx',
    SELF,
    '--serve',
    ...(postgres ? [`--postgres=${postgres.url}`, `--round-trips=${postgres.roundTrips}`] : []),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url?: string }) => (m.url ? resolve(m.url) : reject(new Error('no url'))));
    child.once('exit', (code) => reject(new Error(`floor server exited ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    cpu: () =>
      new Promise((resolve) => {
        child.once('message', (m: { cpu?: NodeJS.CpuUsage }) => resolve(m.cpu!));
        child.send({ cpu: true });
      }),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv.includes('--serve')) {
  const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const postgresUrl = option('postgres');
  const roundTrips = Number(option('round-trips') ?? 0);
  const db = postgresUrl ? await (await import('../../src/store/postgres.ts')).openPostgres(postgresUrl) : undefined;
  const app = Fastify();
  app.get('/', async () => {
    for (let i = 0; i < roundTrips; i++) await db!.query('select $1::int8 as n', [i]);
    return { ok: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', () => process.send!({ cpu: process.cpuUsage() }));
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => db?.close())
        .then(() => process.exit(0)),
  );
  process.send!({ url });
}
