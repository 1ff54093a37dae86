import { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { requestIdFrom, runInContext } from '../observability/context.ts';
import { httpDuration } from '../observability/metrics.ts';

/** Fastify options: the request's id is the caller's valid `x-request-id`, or a new one; log lines call it `requestId`. */
export const requestIdOptions = {
  requestIdHeader: false as const,
  logController: new LogController({ requestIdLogLabel: 'requestId' }),
  genReqId: (req: { headers: FastifyRequest['headers'] }) => requestIdFrom(req.headers['x-request-id']),
};

/**
 * First hooks of every request: the `x-request-id` answer header (errors included), the async context that carries
 * the id into the work the request causes, and the latency histogram per route template (not per URL: ids in paths
 * would make a series each) and status.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    runInContext({ requestId: req.id }, done);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
