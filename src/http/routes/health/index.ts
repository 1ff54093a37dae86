import type { FastifyInstance } from 'fastify';
import type { OpsServices } from '../../../observability/ops-services.ts';
import { adminAuth } from '../../auth.ts';

export type { OpsServices };

/**
 * `GET /healthz` (the process answers), `GET /readyz` (it can serve: 503 with the reasons otherwise), without an API
 * key, so that load balancers and orchestrators can call them; `GET /metrics` behind the operator token.
 */
export function registerOps(app: FastifyInstance, ops: OpsServices): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const report = await ops.readiness.check();
    return reply.status(report.status === 'ready' ? 200 : 503).send(report);
  });
  if (ops.metricsToken) {
    app.get('/metrics', { schema: { hide: true }, onRequest: adminAuth(ops.metricsToken) }, async (_req, reply) => {
      const { contentType, body } = await ops.metrics();
      return reply.type(contentType).send(body);
    });
  }
}
