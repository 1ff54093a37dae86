import { pino, type Logger, type LoggerOptions } from 'pino';
import { RegisterError } from '../registers/errors.ts';
import { ApiError } from '../shared/errors.ts';
import { currentRequestId } from './context.ts';

export type { Logger };

/**
 * The process's one logger: JSON lines with ISO timestamps, each naming the `x-request-id` of the request whose work
 * wrote it (from the async context), so a person can follow one request through its jobs and deliveries.
 * `options` are the HTTP layer's (level, redaction, serializers); `false` makes a silent logger (tests).
 */
export function createLogger(options: false | (LoggerOptions & { stream?: NodeJS.WritableStream })): Logger {
  const { stream, ...rest } = options || { level: 'silent' };
  const base: LoggerOptions = {
    ...rest,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    // `"level":"warn"` rather than pino's numbers: read by people as much as by machines.
    formatters: { ...rest.formatters, level: (label) => ({ level: label }) },
    // Lines of a request's own logger carry the id as a binding already (Fastify's child logger).
    mixin: (_obj, _level, logger) => {
      const requestId = currentRequestId();
      return requestId && !boundToRequest(logger as Logger) ? { requestId } : {};
    },
  };
  return pino(base, stream ? (stream as pino.DestinationStream) : standardOutput());
}

/** Standard output is written once this much is buffered, */
const LOG_BUFFER_BYTES = 8 * 1024;
/** or when this long has passed (ms), whichever comes first. */
const LOG_FLUSH_MS = 200;

/**
 * Standard output, written asynchronously and in blocks: a request logs two lines (its answer, its register call),
 * and a write of each as it came took a tenth of the main thread's busy time at 500 onboarding requests a second
 * (the system call, and the wake-up when it completes). Lines reach the output within LOG_FLUSH_MS; pino writes what
 * is left when the process exits.
 */
function standardOutput(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS });
}

/**
 * Whether a logger's bindings name a request (Fastify's per-request child logger). Read from the bindings as pino
 * keeps them, serialised (`,"pid":1,"requestId":"…"`): `bindings()` parses them as JSON on each call, once per
 * line logged.
 */
function boundToRequest(logger: Logger): boolean {
  const chindings = (logger as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym];
  return typeof chindings === 'string' ? chindings.includes(',"requestId":') : logger.bindings().requestId !== undefined;
}

/**
 * Logs a failure at the level it deserves: what a client or a register said (a 4xx, a register's not-found, an
 * outage the operator asked for) is `warn` with its code and message and no stack; anything else is an `error`.
 */
export function logFailure(log: Pick<Logger, 'warn' | 'error'>, err: unknown, msg: string, fields: object = {}): void {
  if (err instanceof RegisterError) log.warn({ ...fields, code: err.code, retryable: err.retryable, reason: err.message }, msg);
  else if (err instanceof ApiError && err.statusCode < 500) log.warn({ ...fields, code: err.code, reason: err.message }, msg);
  else log.error({ ...fields, err }, msg);
}
