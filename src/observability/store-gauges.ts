import { Gauge, Registry } from 'prom-client';
import type { Clock } from '../shared/clock.ts';
import type { Db } from '../store/db.ts';

/**
 * Figures read from the store when Prometheus scrapes: they describe the shared database, so every process sharing
 * it reports the same values (aggregate them with `max`, not `sum`).
 */
export function storeGauges(db: Db, jobsSchema: string, clock: Clock): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'registrum_job_queue_depth',
    help: 'Jobs waiting (created, retry: due or scheduled) or running (active), by queue',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await db.query<{ name: string; state: string; n: number }>(
        `select name, state::text as state, count(*)::int as n from ${jobsSchema}.job
          where state in ('created', 'retry', 'active') group by name, state`,
      );
      for (const r of rows) this.set({ queue: r.name, state: r.state }, r.n);
    },
  });
  new Gauge({
    name: 'registrum_job_queue_oldest_age_seconds',
    help: 'How long the oldest job that is due has been waiting for a worker, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await db.query<{ name: string; age: number }>(
        `select name, extract(epoch from now() - min(start_after))::float8 as age from ${jobsSchema}.job
          where state in ('created', 'retry') and start_after <= now() group by name`,
      );
      for (const r of rows) this.set({ queue: r.name }, Math.max(0, r.age));
    },
  });
  new Gauge({
    name: 'registrum_credits_charged_cents',
    help: 'Credits charged (credit cents) since the start of the store, by register',
    labelNames: ['register'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await db.query<{ country_code: string; amount: string }>(
        `select country_code, sum(amount)::text as amount from billing_events where status = 'charged' group by country_code`,
      );
      for (const r of rows) this.set({ register: r.country_code }, Number(r.amount));
    },
  });
  new Gauge({
    name: 'registrum_us_ny_snapshot_age_seconds',
    help: 'Age of the newest US-NY open-data snapshot applied (service clock); absent before the first',
    registers: [registry],
    async collect() {
      this.reset();
      const [row] = await db.query<{ at: Date | null }>(`select max(finished_at) as at from us_ny_snapshots where status = 'done'`);
      if (row?.at) this.set(Math.max(0, (clock.nowMs() - new Date(row.at).getTime()) / 1000));
    },
  });
  return registry;
}
