import { createServer, type Server } from 'node:http';
import { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { OpsServices } from './ops-services.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import type { Clock } from '../shared/clock.ts';
import type { Db } from '../store/db.ts';
import { Readiness } from './health.ts';
import type { MigrationSet } from '../store/migrate.ts';
import { processMetrics } from './metrics.ts';
import type { RegisterOutcomes } from './registers.ts';
import { storeGauges } from './store-gauges.ts';
import { StoreFigures } from './repository.ts';

/**
 * Health, readiness and metrics of one service. `/metrics` is served on the main address behind the operator token,
 * or, with METRICS_PORT, on that address alone without one (a scrape network that the public cannot reach).
 */
export async function startOps(
  config: Pick<Config, 'ROLE' | 'ADMIN_TOKEN' | 'METRICS_PORT' | 'METRICS_HOST' | 'JOBS_SCHEMA'>,
  deps: {
    db: Db;
    clock: Clock;
    jobEngine: { readonly running: boolean };
    registers: RegisterRegistry;
    registerOutcomes: RegisterOutcomes;
    migrationSets?: readonly MigrationSet[];
  },
): Promise<{ services: OpsServices; metricsUrl?: string; close(): Promise<void> }> {
  const registry = Registry.merge([processMetrics, storeGauges(new StoreFigures(deps.db, config.JOBS_SCHEMA), deps.clock)]);
  const metrics = async () => ({ contentType: registry.contentType, body: await registry.metrics() });
  const services: OpsServices = {
    readiness: new Readiness({
      db: deps.db,
      migrationSets: deps.migrationSets,
      jobEngine: deps.jobEngine,
      registers: deps.registers,
      outcomes: deps.registerOutcomes,
      role: config.ROLE,
    }),
    metrics,
    metricsToken: config.METRICS_PORT === undefined ? config.ADMIN_TOKEN : undefined,
  };
  if (config.METRICS_PORT === undefined) return { services, close: async () => undefined };

  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
      return;
    }
    metrics().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(err)}\n`),
    );
  });
  await listen(server, config.METRICS_PORT, config.METRICS_HOST);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.METRICS_PORT;
  return {
    services,
    metricsUrl: `http://${config.METRICS_HOST}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}
