import type { Register } from '../registers/contract.ts';
import { RegisterError } from '../registers/errors.ts';
import type { Logger } from './logger.ts';
import { registerCallDuration } from './metrics.ts';

/** How a register's last call went, for `/readyz`. */
export interface RegisterCallOutcome {
  operation: string;
  /** `ok`, a RegisterError code, `aborted` (deadline or shutdown), or `error` (anything else). */
  outcome: string;
  at: string;
  reason?: string;
}

/** Outcomes that say the register itself is not answering; a not-found or a refused id is the register working. */
export const FAILING_OUTCOMES = new Set(['service_unavailable', 'processing_failed', 'error']);

/** Last outcome per register, fed by `instrumentRegister`. */
export class RegisterOutcomes {
  private readonly last = new Map<string, RegisterCallOutcome>();

  record(countryCode: string, outcome: RegisterCallOutcome): void {
    this.last.set(countryCode, outcome);
  }

  get(countryCode: string): RegisterCallOutcome | undefined {
    return this.last.get(countryCode);
  }
}

function outcomeOf(err: unknown, signal?: AbortSignal): string {
  if (signal?.aborted) return 'aborted';
  return err instanceof RegisterError ? err.code : 'error';
}

/**
 * The register as it is, with every call (search, fetch, document) timed into the metrics, logged, and its outcome
 * kept for readiness. Wrapping at the composition root keeps the registers themselves free of instrumentation.
 */
export function instrumentRegister(register: Register, outcomes: RegisterOutcomes, log: Logger): Register {
  const code = register.countryCode;
  const done = (operation: string, started: number, err: unknown, signal: AbortSignal | undefined, fields: object) => {
    const outcome = err === undefined ? 'ok' : outcomeOf(err, signal);
    const ms = performance.now() - started;
    registerCallDuration.observe({ register: code, operation, outcome }, ms / 1000);
    const reason = err === undefined ? undefined : err instanceof Error ? err.message : String(err);
    outcomes.record(code, { operation, outcome, at: new Date().toISOString(), ...(reason ? { reason } : {}) });
    const line = { register: code, operation, outcome, ms: Math.round(ms), ...fields, ...(reason ? { reason } : {}) };
    // A register that does not answer is worth a look; a not-found or an aborted call is the normal course.
    if (FAILING_OUTCOMES.has(outcome)) log.warn(line, 'register call failed');
    else log.info(line, 'register call');
  };

  const fetch: Register['fetch'] = async (dataPoint, companyId, ctx) => {
    const started = performance.now();
    try {
      const result = await register.fetch(dataPoint, companyId, ctx);
      done('fetch', started, undefined, ctx.signal, { dataPoint, companyId });
      return result;
    } catch (err) {
      done('fetch', started, err, ctx.signal, { dataPoint, companyId });
      throw err;
    }
  };
  const fetchDocument: Register['fetchDocument'] = async (companyId, documentId, ctx) => {
    const started = performance.now();
    try {
      const result = await register.fetchDocument(companyId, documentId, ctx);
      done('document', started, undefined, ctx.signal, { companyId, documentId });
      return result;
    } catch (err) {
      done('document', started, err, ctx.signal, { companyId, documentId });
      throw err;
    }
  };
  const search: Register['search'] = async function* (query, ctx) {
    const started = performance.now();
    let failure: unknown;
    try {
      yield* register.search(query, ctx);
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      // A consumer that stops early (a client that left) ends the search without an error: still a call.
      done('search', started, failure, ctx.signal, {});
    }
  };
  const wrapped: Partial<Register> = { fetch, fetchDocument, search };

  return new Proxy(register, {
    get(target, prop, receiver) {
      if (prop in wrapped) return wrapped[prop as keyof typeof wrapped];
      const value = Reflect.get(target, prop, receiver);
      // The register's other methods run on the register itself (class private fields need their own `this`).
      return typeof value === 'function' ? value.bind(target) : value;
    },
    // A caller that replaces a wrapped method (a test observing calls) replaces it on this layer: set on the register
    // itself, the wrapper would call the replacement, which calls the wrapper again, without end.
    set(target, prop, value) {
      if (prop in wrapped) {
        (wrapped as Record<string | symbol, unknown>)[prop] = value;
        return true;
      }
      return Reflect.set(target, prop, value);
    },
  });
}
