import { RegistrumError } from '../errors.ts';

/** Exit codes per error class, so scripts can branch without parsing messages (README of the package). */
export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  invalid_request: 3,
  unauthorized: 4,
  insufficient_funds: 5,
  resource_not_found: 6,
  unavailable: 7,
  not_processed: 8,
  network_error: 9,
} as const;

export function exitCodeOf(err: unknown): number {
  if (err instanceof UsageError) return EXIT.usage;
  if (!(err instanceof RegistrumError)) return EXIT.unexpected;
  switch (err.code) {
    case 'invalid_request':
      return EXIT.invalid_request;
    case 'unauthorized':
      return EXIT.unauthorized;
    case 'insufficient_funds':
      return EXIT.insufficient_funds;
    case 'resource_not_found':
      return EXIT.resource_not_found;
    case 'rate_limited':
    case 'service_unavailable':
      return EXIT.unavailable;
    case 'not_supported':
    case 'processing_failed':
      return EXIT.not_processed;
    case 'network_error':
      return EXIT.network_error;
    default:
      return EXIT.unexpected;
  }
}

export class UsageError extends Error {}

/** Rows as an aligned text table (people); `--json` prints the API's JSON instead (scripts). */
export function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (!rows.length) return '(none)';
  const cell = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.toUpperCase())), ...rows.map((r) => line(columns.map((c) => cell(r[c]))))].join('\n');
}
