import { z } from 'zod';
import { ApiError } from './errors.ts';

/** The last millisecond of year 9999: later (or negative) times are outside what PostgreSQL's timestamptz stores. */
const MAX_CURSOR_MS = 253_402_300_799_999;

/**
 * A decoded cursor: a row's creation time and id. Checked before it reaches a query, since the client can forge
 * any JSON inside the base64: `[1e20, "x"]` made an Invalid Date and `[0, "a\u0000b"]` a NUL in a text
 * parameter, both 500s.
 */
const CursorPosition = z.tuple([
  z.number().int().min(0).max(MAX_CURSOR_MS),
  z
    .string()
    .min(1)
    .max(100)
    .refine((id) => !id.includes('\0')),
]);

/** Page cursors are opaque to clients: the position (creation time, id) of the last row of a page. */
export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(JSON.stringify([createdAt.getTime(), id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const parsed = CursorPosition.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return { createdAt: new Date(parsed.data[0]), id: parsed.data[1] };
  } catch {
    /* reported below */
  }
  throw new ApiError('invalid_request', 'after is not a cursor of this list', ['after: pass the nextCursor of the previous page']);
}
