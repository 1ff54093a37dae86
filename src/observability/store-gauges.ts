import { Gauge, Registry } from 'prom-client';
import type { Clock } from '../shared/clock.ts';
import type { StoreFigures } from './repository.ts';

/**
 * Figures read from the store when Prometheus scrapes: they describe the shared database, so every process sharing
 * it reports the same values (aggregate them with `max`, not `sum`).
 */
export function storeGauges(figures: StoreFigures, clock: Clock): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'registrum_job_queue_depth',
    help: 'Jobs waiting (created, retry: due or scheduled) or running (active), by queue',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await figures.jobsByQueueAndState();
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
      const rows = await figures.oldestDueJobAge();
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
      const rows = await figures.chargedByRegister();
      for (const r of rows) this.set({ register: r.countryCode }, r.amount);
    },
  });
  new Gauge({
    name: 'registrum_us_ny_snapshot_age_seconds',
    help: 'Age of the newest US-NY open-data snapshot applied (service clock); absent before the first',
    registers: [registry],
    async collect() {
      this.reset();
      const at = await figures.lastSnapshotFinishedAt();
      if (at) this.set(Math.max(0, (clock.nowMs() - at.getTime()) / 1000));
    },
  });
  return registry;
}
