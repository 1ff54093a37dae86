import { ApiError } from './errors.ts';

/** Page cursors are opaque to clients: the position (creation time, id) of the last row of a page. */
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdAt.getTime(), id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [ms, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof ms === 'number' && Number.isFinite(ms) && typeof id === 'string') return { createdAt: new Date(ms), id };
  } catch {
    /* reported below */
  }
  throw new ApiError('invalid_request', 'after is not a cursor of this list', ['after: pass the nextCursor of the previous page']);
}
