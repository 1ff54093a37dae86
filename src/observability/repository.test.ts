import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../store/db.ts';
import { openTestDb } from '../../test/support/db.ts';
import { StoreFigures } from './repository.ts';

/**
 * `registrum_credits_charged_cents` read at every scrape: charged events older than ten minutes are folded into one
 * row per register (once the fold is twenty minutes behind), so that a scrape reads the folded totals and the recent
 * events, never every event the store ever recorded, and still counts each charged event once.
 */
describe('StoreFigures.chargedByRegister', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let figures: StoreFigures;
  let serial = 0;
  before(async () => {
    ({ db, drop } = await openTestDb());
    figures = new StoreFigures(db, 'pgboss');
    for (const account of ['acc_a', 'acc_b']) {
      await db.query(`insert into accounts (id, name, created_at) values ($1, $1, now())`, [account]);
    }
  });
  after(() => drop());

  /** A billing event of `account`'s, with its request, written `minutesAgo` by the database's clock. */
  async function event(account: string, countryCode: string, amount: number, minutesAgo: number, status = 'charged') {
    const id = `x${++serial}`;
    const at = `now() - interval '${minutesAgo} minutes'`;
    await db.query(
      `insert into requests (id, account_id, country_code, company_id, mode, data_points, documents, created_at, updated_at)
       values ($1, $2, $3, $1, 'onboarding', '["company"]', '[]', ${at}, ${at})`,
      [`req_${id}`, account, countryCode],
    );
    await db.query(
      `insert into billing_events (id, account_id, request_id, country_code, company_id, kind, sku, unit_key, amount, status,
         basis_at, created_at)
       values ($1, $2, $3, $4, $3, 'dataBlock', 'SKU', 'SKU', $5, $6, ${at}, ${at})`,
      [`bev_${id}`, account, `req_${id}`, countryCode, amount, status],
    );
  }

  const totals = async () =>
    Object.fromEntries((await figures.chargedByRegister()).map((r) => [r.countryCode, r.amount])) as Record<string, number>;
  const folded = async () =>
    Object.fromEntries(
      (await db.query<{ country_code: string; amount: number }>('select country_code, amount from charged_totals')).map((r) => [
        r.country_code,
        r.amount,
      ]),
    ) as Record<string, number>;

  it('counts every charged event once, folding those older than ten minutes, whichever scrape comes first', async () => {
    await event('acc_a', 'TEST', 100, 120);
    await event('acc_b', 'TEST', 30, 90);
    await event('acc_a', 'GB', 50, 30);
    await event('acc_a', 'TEST', 0, 25, 'deduplicated');
    await event('acc_b', 'TEST', 7, 1);

    assert.deepEqual(await totals(), { TEST: 137, GB: 50 });
    // The first scrape folded what is older than ten minutes; the last minute's charge is read as a recent one.
    assert.deepEqual(await folded(), { TEST: 130, GB: 50 });
    assert.deepEqual(await totals(), { TEST: 137, GB: 50 }, 'a second scrape counts nothing twice');

    await event('acc_a', 'GB', 5, 0);
    assert.deepEqual(await totals(), { TEST: 137, GB: 55 });
  });

  // PGlite is one connection: a transaction held open there holds every other statement.
  const twoConnections = { skip: !process.env.DATABASE_URL && 'needs two connections (DATABASE_URL)' };
  it(
    'folds once when processes scrape together: a scrape while another process folds neither waits nor folds',
    twoConnections,
    async () => {
      // The bound left behind by half an hour, and what it had folded since taken out: a fold is due again.
      const [state] = await db.query<{ through: string }>('select through::text as through from charged_totals_state');
      await db.query(`update charged_totals_state set through = $1::timestamptz - interval '30 minutes'`, [state!.through]);
      await db.query(
        `update charged_totals set amount = amount - coalesce((select sum(amount) from billing_events b
           where b.country_code = charged_totals.country_code and b.status = 'charged'
             and b.created_at > $1::timestamptz - interval '30 minutes' and b.created_at <= $1::timestamptz), 0)`,
        [state!.through],
      );
      assert.deepEqual(await folded(), { TEST: 130, GB: 0 });
      // Another process holds the fold's lock.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const lockTaken = new Promise<void>((r) => (locked = r));
      const other = db.transaction(async (tx) => {
        await tx.query('select 1 from charged_totals_state where id = 1 for update');
        locked();
        await held;
      });
      await lockTaken;
      assert.deepEqual(await totals(), { TEST: 137, GB: 55 }, 'the recent events since the old bound, without waiting');
      assert.deepEqual(await folded(), { TEST: 130, GB: 0 }, 'nothing folded while another process holds the fold');
      release();
      await other;
      const scrapes = await Promise.all([totals(), totals(), totals()]);
      for (const t of scrapes) assert.deepEqual(t, { TEST: 137, GB: 55 });
      assert.deepEqual(await folded(), { TEST: 130, GB: 50 });
    },
  );
});
