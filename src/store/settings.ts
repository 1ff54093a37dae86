import type { Db } from './db.ts';
import { json } from './db.ts';

/** The stored value of a setting, storing `fallback` first when there is none (the first process wins). */
export async function ensureSetting<T>(db: Db, key: string, fallback: T): Promise<T> {
  await db.query('insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do nothing', [key, json(fallback)]);
  const [row] = await db.query<{ value: T }>('select value from settings where key = $1', [key]);
  return row!.value;
}
