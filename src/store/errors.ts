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
