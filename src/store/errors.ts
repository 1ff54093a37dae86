/** A failure reported by the database; `code` is the SQLSTATE when the backend gave one. */
export class DatabaseError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}

/** Socket failures of a connection to the store (Node's error codes). */
const BROKEN_SOCKET = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * Whether a failure is the store's connection breaking (or not being made) rather than an answer of the store: the
 * statement in flight may or may not have been written, and the same work may succeed on another connection.
 * node-postgres reports a connection that ends under a statement as a plain Error ("Connection terminated
 * unexpectedly"), and a client whose connection failed as "not queryable"; the server ends a session it shuts down or
 * terminates with SQLSTATE class 08 (connection exception) or 57P01-57P03 (operator intervention).
 */
export function isStoreConnectionFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (BROKEN_SOCKET.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
  return /^Connection terminated|not queryable/.test(err.message);
}
