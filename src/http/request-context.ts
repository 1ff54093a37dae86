import { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { requestIdFrom, runInContext } from '../observability/context.ts';
import { httpDuration } from '../observability/metrics.ts';

/** Fastify options: the request's id is the caller's valid `x-request-id`, or a new one; log lines call it `requestId`. */
export const requestIdOptions = {
  requestIdHeader: false as const,
  // Fastify's per-request lines (received, completed) give way to the one access line of `installRequestContext`.
  logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
  genReqId: (req: { headers: FastifyRequest['headers'] }) => requestIdFrom(req.headers['x-request-id']),
};

/**
 * First hooks of every request: the `x-request-id` answer header (errors included), the async context that carries
 * the id into the work the request causes, the latency histogram per route template (not per URL: ids in paths
 * would make a series each) and status, and the access log: one line per request once answered (Fastify's own two,
 * received and completed, are off: `requestIdOptions`), with what an operator looks a request up by.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    runInContext({ requestId: req.id }, done);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const ms = reply.elapsedTime;
    httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, ms / 1000);
    // The URL's credentials (a signed document link's signature) are redacted by the logger (`loggerOptions`).
    req.log.info(
      {
        method: req.method,
        url: req.url,
        route,
        status: reply.statusCode,
        ...(req.account ? { accountId: req.account.id } : {}),
        responseTime: Math.round(ms * 10) / 10,
      },
      'request completed',
    );
    done();
  });
}
