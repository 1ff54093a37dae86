import type { Db } from '../db.ts';

export interface Settings {
  clockOffsetMs?: number;
  urlSigningSecret?: string;
}

/** Service-wide settings kept in the store (the sandbox clock's offset, generated secrets). */
export async function loadSettings(db: Db): Promise<Settings> {
  const rows = await db.query<{ key: string; value: unknown }>('select key, value from settings');
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Settings;
}
