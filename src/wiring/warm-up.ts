import { CompanyResponse, ErrorBody, SearchResponse } from '../contract/index.ts';
import { preloadReferenceLists } from '../enrichment/reference/preload.ts';
import { precompileSerializers } from '../http/serializer.ts';
import type { Logger } from '../observability/logger.ts';

/**
 * The one-time work a process's first requests would otherwise pay, done before it listens: the first onboarding
 * request after a start took about a second (reference lists parsed, the company response's serialiser compiled)
 * where the next took tens of milliseconds. A client in a sign-up flow, or a load balancer's first requests to a
 * new process, should not see the process's start.
 */
export function warmUp(log: Logger): void {
  const started = performance.now();
  preloadReferenceLists();
  precompileSerializers([CompanyResponse, SearchResponse, ErrorBody]);
  log.info({ ms: Math.round(performance.now() - started) }, 'warmed up: reference lists read, request-path serialisers compiled');
}
