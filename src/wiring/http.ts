import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { type DashboardServices, installDashboard } from '../dashboard/plugin.ts';
import { DashboardRepository } from '../dashboard/repository.ts';
import { DASHBOARD_ROUTES } from '../dashboard/routes.ts';
import { buildApp } from '../http/app.ts';
import { HttpIdempotency } from '../http/idempotency.ts';
import { IdempotencyRepository } from '../idempotency/repository.ts';
import { IdempotencyService } from '../idempotency/service.ts';
import type { Logger } from '../observability/logger.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import { SearchService } from '../search/service.ts';
import type { Db } from '../store/db.ts';

/** What the API and the dashboard call, less what this factory builds itself (search, idempotency, the dashboard's reads). */
export type HttpModules = Omit<DashboardServices, 'search' | 'idempotency' | 'dashboardRepository' | 'registers' | 'config'>;

/**
 * The public API, the operator API and the dashboard on one Fastify app (not listening yet). Route handlers reach
 * the modules through `services` only.
 */
export async function createHttp(
  config: Config,
  deps: { db: Db; log: Logger; lease: { readonly id: string }; registers: RegisterRegistry; modules: HttpModules },
): Promise<FastifyInstance> {
  const { db, registers } = deps;
  const services: DashboardServices = {
    ...deps.modules,
    config,
    registers,
    search: new SearchService(registers, config.SEARCH_HEARTBEAT_MS),
    idempotency: new HttpIdempotency(new IdempotencyService(new IdempotencyRepository(db), deps.modules.clock, deps.lease)),
    dashboardRepository: new DashboardRepository(db),
  };
  return buildApp(services, {
    loggerInstance: deps.log,
    // Signed in with a person's e-mail and password (session cookie), not an API key.
    plugins: [(app) => installDashboard(app, services, DASHBOARD_ROUTES)],
  });
}

/** The URL the app answers on (an IPv6 host in brackets), with the port it was given when it asked for any. */
export function listeningUrl(app: FastifyInstance, config: Pick<Config, 'HOST' | 'PORT'>): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`;
}
