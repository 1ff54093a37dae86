import type { Db } from './db.ts';
import { json } from './db.ts';

/** The stored value of a setting, storing `fallback` first when there is none (the first process wins). */
export async function ensureSetting<T>(db: Db, key: string, fallback: T): Promise<T> {
  await db.query('insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do nothing', [key, json(fallback)]);
  const [row] = await db.query<{ value: T }>('select value from settings where key = $1', [key]);
  return row!.value;
}

/** The stored value of a setting, undefined when there is none. */
export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.query<{ value: T }>('select value from settings where key = $1', [key]);
  return row?.value;
}

/** Stores a numeric setting, keeping the stored value when it is larger (several processes raising it at once agree). */
export async function raiseNumericSetting(db: Db, key: string, value: number): Promise<void> {
  await db.query(
    `insert into settings (key, value) values ($1, $2::jsonb)
     on conflict (key) do update set value = to_jsonb(greatest((settings.value)::text::bigint, (excluded.value)::text::bigint))`,
    [key, json(value)],
  );
}
