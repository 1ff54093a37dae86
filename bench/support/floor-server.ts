// The floor of a request-path benchmark: a bare Fastify route ({"ok":true}) in a child process of its own, as the
// service runs, so that the same load generator measures both. Run as a script, it serves; imported, it starts one.
import { spawn } from 'node:child_process';
import Fastify from 'fastify';

const SELF = new URL(import.meta.url).pathname;

export interface FloorServer {
  url: string;
  cpu(): Promise<NodeJS.CpuUsage>;
  stop(): Promise<void>;
}

export async function startFloorServer(): Promise<FloorServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url?: string }) => (m.url ? resolve(m.url) : reject(new Error('no url'))));
    child.once('exit', (code) => reject(new Error(`floor server exited ${code}`)));
  });
  return {
    url,
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
  const app = Fastify();
  app.get('/', async () => ({ ok: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', () => process.send!({ cpu: process.cpuUsage() }));
  process.send!({ url });
}
