// Monitors on a snapshot register (issue 8): M monitors on US-NY companies, one new snapshot with a share of the
// entities changed; the time from the new snapshot to the last notification received, and the register calls made.
//   npm run bench:monitors -- [--companies 20000] [--monitors <companies>] [--changed 0.01] [--accounts 10]
//                             [--sample 200] [--baseline-calls 1000] [--dir /tmp/monitor-bench] [--trace]
// A real service (bench/support/service.ts: sandbox registers, PGlite on disk, or PostgreSQL when DATABASE_URL is
// set) and a loopback receiver that verifies every signature and counts notifications by company.
// Setup, timed apart: a generated snapshot of N companies (the US-NY generator, in the real CSV format) ingested by
// the real ingestion; `--accounts` accounts with a webhook endpoint each; `--sample` of the M monitors created
// through `POST /v2/monitors`, the rest with set-based SQL writing the rows the API writes
// (bench/support/monitor-rows.ts), compared with the sample's; one run-checks starts the change feed at the present.
// Measured: the next day's snapshot (bench/support/us-ny-next-day.ts: `--changed` of the entities changed in fields
// a monitor sees) applied by the real ingestion; the scheduler's feed read marks the changed companies due;
// `POST /admin/monitors/run-checks` checks them; then the wait until the receiver has every expected notification.
// Then the next two days (the sandbox clock moved a day each): every monitored company's daily check, confirmed by
// the feed: by the scheduler's sweep and the job workers, then by run-checks.
// Register calls are counted at the registers (every fetch) and at the network (every HTTP call to a portal).
// Baseline in the same run: the same checks as one register call per monitor, measured on `--baseline-calls`
// companies and extrapolated to M. `--trace` adds the statements the measured phase ran, longest first.
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { categoriesOf } from '../src/monitors/categories.ts';
import { diffSnapshots } from '../src/monitors/diff.ts';
import { fetchMonitoredView } from '../src/monitors/view.ts';
import type { SnapshotEntity } from '../src/registers/us-ny/columns.ts';
import { ingestFiles } from '../src/registers/us-ny/ingest/ingest.ts';
import { pool, postLong } from './support/concurrency.ts';
import { compareWithApiRows, monitoredViewOf, storedEntities, writeMonitoredBatch, type BulkMonitor } from './support/monitor-rows.ts';
import { NotificationReceiver } from './support/notification-receiver.ts';
import { QueryTrace } from './support/query-trace.ts';
import { RegisterCalls } from './support/register-calls.ts';
import { startBenchService } from './support/service.ts';
import { round1 } from './support/stats.ts';
import { snapshotFiles, type SnapshotFilePair } from './support/us-ny-bench-files.ts';

const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '20000' },
    monitors: { type: 'string' },
    changed: { type: 'string', default: '0.01' },
    accounts: { type: 'string', default: '10' },
    sample: { type: 'string', default: '200' },
    'baseline-calls': { type: 'string', default: '1000' },
    dir: { type: 'string', default: '/tmp/monitor-bench' },
    trace: { type: 'boolean', default: false },
  },
});
const N = Number(values.companies);
const M = Math.min(N, Number(values.monitors ?? values.companies));
const SHARE = Number(values.changed);
const ACCOUNTS = Number(values.accounts);
const METADATA = { bench: 'monitors-snapshot' };
const BULK_BATCH = 2_000;
const GOAL_MS = 10 * 60_000;
// The checks run this many side by side (config MONITOR_CONCURRENCY); the baseline makes its calls as wide.
const CONCURRENCY = Number(process.env.MONITOR_CONCURRENCY ?? 4);
const ADMIN = { authorization: 'Bearer bench-admin-token' };

const loadAtStart = loadavg().map(round1);
const log = (...a: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const mb = (b: number) => Math.round(b / 1e6);
const since = (t: number) => Math.round(performance.now() - t);
mkdirSync(values.dir!, { recursive: true });

let t = performance.now();
const files = await snapshotFiles({ dir: values.dir!, size: N, share: SHARE, seed: 'bench', log });
const filesMs = since(t);
const calls = new RegisterCalls();
const receiver = await NotificationReceiver.start();
// No timer sweeps: the benchmark reads the feed and runs the checks itself, to time them apart.
const bench = await startBenchService({ MONITOR_SWEEP_EVERY: '24h', MONITOR_CONCURRENCY: String(CONCURRENCY) });
calls.serviceOrigin = new URL(bench.service.url).origin;
calls.watch(bench.service.registers.all());
const { db, clock } = bench.service;
const usNy = bench.service.registers.get('US-NY')!;
const trace = values.trace ? new QueryTrace(db) : undefined;
const ingest = (f: SnapshotFilePair, source: string) =>
  ingestFiles(
    { db, now: () => clock.now() },
    { entities: { input: f.entities, format: 'csv' }, names: { input: f.names, format: 'csv' }, source },
  );
let rssPeak = 0;
const rssTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 500);
let loadPeak = 0;
const loadTimer = setInterval(() => (loadPeak = Math.max(loadPeak, loadavg()[0]!)), 1000);

try {
  // ---- Setup: the register's first snapshot, the accounts, the monitors.
  log(`ingesting ${N} companies (generation 0) on ${bench.store}…`);
  t = performance.now();
  const first = await ingest(files.g0, 'bench-g0');
  const ingestMs = since(t);

  const accounts: { id: string; apiKey: string }[] = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    const res = await bench.call('POST', '/admin/accounts', {
      admin: true,
      body: { name: `bench ${a}`, credits: 1e12, features: { usNy: true } },
    });
    if (res.status !== 201) throw new Error(`account: ${res.status} ${JSON.stringify(res.body)}`);
    accounts.push({ id: res.body.id, apiKey: res.body.apiKey });
    const ep = await bench.call('POST', '/v2/webhook-endpoints', { key: res.body.apiKey, body: { url: `${receiver.url}/a${a}` } });
    if (ep.status !== 201) throw new Error(`endpoint: ${ep.status} ${JSON.stringify(ep.body)}`);
    receiver.expect(`/a${a}`, ep.body.secret);
  }

  // The M monitored companies, spread evenly over the stored ones; each gets one monitor, of account j mod A.
  const ids = (await db.query<{ dos_id: string }>('select dos_id from us_ny_entities where removed_at is null order by dos_id')).map(
    (r) => r.dos_id,
  );
  const accountOf = new Map<string, number>();
  for (let p = 0, j = 0; p < ids.length; p++) {
    if (Math.floor(((p + 1) * M) / ids.length) > Math.floor((p * M) / ids.length)) accountOf.set(ids[p]!, j++ % ACCOUNTS);
  }
  const monitored = [...accountOf.keys()];
  const step = Math.max(1, Math.floor(monitored.length / Number(values.sample)));
  const sample = monitored.filter((_, j) => j % step === 0).slice(0, Number(values.sample));
  const inSample = new Set(sample);

  log(`creating ${sample.length} monitors through POST /v2/monitors…`);
  t = performance.now();
  await pool(sample.length, 4, async (i) => {
    const companyId = sample[i]!;
    const res = await bench.call('POST', '/v2/monitors', {
      key: accounts[accountOf.get(companyId)!]!.apiKey,
      body: { companyId, countryCode: 'US-NY', metadata: METADATA },
    });
    if (res.status !== 201) throw new Error(`monitor ${companyId}: ${res.status} ${JSON.stringify(res.body)}`);
  });
  const sampleMs = since(t);

  log(`writing the other ${monitored.length - sample.length} monitors set-based…`);
  t = performance.now();
  let batch: BulkMonitor[] = [];
  let written = 0;
  const flush = async () => {
    await writeMonitoredBatch(db, batch, METADATA, clock.now());
    written += batch.length;
    batch = [];
    if (written % 100_000 === 0) log(`  ${written} written`);
  };
  for await (const page of storedEntities(db)) {
    for (const e of page) {
      const a = accountOf.get(e.row.dos_id);
      if (a === undefined || inSample.has(e.row.dos_id)) continue;
      batch.push({ companyId: e.row.dos_id, accountId: accounts[a]!.id, view: await monitoredViewOf(usNy.catalogue, e) });
      if (batch.length === BULK_BATCH) await flush();
    }
  }
  await flush();
  const bulkMs = since(t);
  t = performance.now();
  await db.query('analyze monitored_companies, monitored_company_versions, monitors, monitor_logs');
  const analyzeMs = since(t);
  const apiRows = await compareWithApiRows(db, usNy.catalogue, sample);
  // The feed's cursor starts at the present on its first read: nothing is due.
  const quiet = await postLong(`${bench.service.url}/admin/monitors/run-checks`, ADMIN);
  const [counts] = await db.query<{ monitors: number; companies: number }>(
    `select (select count(*)::int from monitors where status = 'active') as monitors, (select count(*)::int from monitored_companies) as companies`,
  );

  // ---- What the next snapshot must produce: one notification per monitored company it changed visibly.
  const expected = new Map<string, { categories: string[]; deactivated: boolean }>();
  let invisible = 0;
  const kinds: Record<string, number> = {};
  for (const c of files.changes) {
    if (!accountOf.has(c.dosId)) continue;
    kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
    if (!c.after) {
      expected.set(c.dosId, { categories: ['disappeared'], deactivated: true });
      continue;
    }
    const changes = diffSnapshots(
      await monitoredViewOf(usNy.catalogue, c.before),
      await monitoredViewOf(usNy.catalogue, c.after as SnapshotEntity),
    );
    if (changes.length) expected.set(c.dosId, { categories: categoriesOf(changes), deactivated: false });
    else invisible++;
  }

  // ---- Measured: new snapshot → due → checked → every notification received.
  calls.reset();
  rssPeak = 0;
  loadPeak = 0;
  const loadAtMeasure = loadavg().map(round1);
  log(`applying the next snapshot (${files.changes.length} entities changed, ${expected.size} expected notifications)…`);
  const t0 = performance.now();
  const applied = await ingest(files.next, 'bench-next');
  const applyMs = since(t0);
  log('reading the feed…');
  if (trace) trace.enabled = true;
  t = performance.now();
  const markedDue = await bench.service.monitorChecks.readFeeds();
  const markDueMs = since(t);
  log(`running the checks of ${markedDue} companies…`);
  t = performance.now();
  const run = await postLong(`${bench.service.url}/admin/monitors/run-checks`, ADMIN);
  const checkMs = since(t);
  if (run.status !== 200) throw new Error(`run-checks: ${run.status} ${JSON.stringify(run.body)}`);
  log('waiting for the notifications…');
  const gotAll = () => [...expected.keys()].every((id) => receiver.byCompany.has(id));
  // Until every expected company was notified, or nothing arrived for five minutes.
  let lastProgress = performance.now();
  let seen = -1;
  while (!gotAll() && performance.now() - lastProgress < 5 * 60_000) {
    if (receiver.received !== seen) [seen, lastProgress] = [receiver.received, performance.now()];
    await new Promise((r) => setTimeout(r, 50));
  }
  const complete = gotAll();
  const lastNotificationMs = Math.round(receiver.lastAt - t0);
  const measured = { fetches: calls.fetchesByMode(), http: calls.httpCount, rssPeak, loadPeak, loadAtEnd: loadavg().map(round1) };
  if (trace) trace.enabled = false;
  await new Promise((r) => setTimeout(r, 3000)); // late duplicates would arrive now

  let lost = 0;
  let extra = 0;
  let wrongCategories = 0;
  for (const [id, want] of expected) {
    const got = receiver.byCompany.get(id) ?? [];
    if (!got.length) lost++;
    extra += Math.max(0, got.length - 1);
    if (got[0] && (got[0].changeCategories.join() !== want.categories.join() || got[0].deactivated !== want.deactivated)) wrongCategories++;
  }
  const unexpected = [...receiver.byCompany.keys()].filter((id) => !expected.has(id)).length;

  // ---- The next two days: every monitored company's daily check falls due (spec §6.2); the feed, which named none
  // of them since, confirms them unchanged without a register call. Day one as a deployment runs it, by the
  // scheduler's sweep and the job workers; day two by the operator's run-checks.
  const advanceDay = async () => {
    const res = await fetch(`${bench.service.url}/admin/clock`, {
      method: 'POST',
      headers: { ...ADMIN, 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 86_400_000 + 60_000 }),
    });
    if (res.status !== 200) throw new Error(`clock: ${res.status}`);
    return new Date(Date.parse(((await res.json()) as { now: string }).now));
  };
  const quietLogsSince = async (at: Date) =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from monitor_logs where created_at >= $1 and fetch_status = 'success' and not change_detected`,
        [at],
      )
    )[0]!.n;
  const activeMonitors = (await db.query<{ n: number }>(`select count(*)::int as n from monitors where status = 'active'`))[0]!.n;
  const notifiedBefore = receiver.received;

  log(`the next day: the daily checks of ${activeMonitors} monitors by the scheduler's sweep…`);
  let at = await advanceDay();
  calls.reset();
  t = performance.now();
  const swept = await bench.service.monitorChecks.sweep();
  const sweepMs = since(t);
  while ((await quietLogsSince(at)) < activeMonitors && performance.now() - t < 10 * 60_000) await new Promise((r) => setTimeout(r, 100));
  const bySweep = {
    companiesSent: swept,
    sweepMs,
    msToLastLogLine: since(t),
    successLogLines: await quietLogsSince(at),
    registerFetches: calls.fetchesByMode(),
  };

  log('the day after: the daily checks by run-checks…');
  at = await advanceDay();
  calls.reset();
  t = performance.now();
  const daily = await postLong(`${bench.service.url}/admin/monitors/run-checks`, ADMIN);
  const dailyMs = since(t);
  if (daily.status !== 200) throw new Error(`run-checks: ${daily.status} ${JSON.stringify(daily.body)}`);
  const byRunChecks = {
    checkMs: dailyMs,
    runChecks: daily.body,
    successLogLines: await quietLogsSince(at),
    registerFetches: calls.fetchesByMode(),
  };
  await new Promise((r) => setTimeout(r, 3000)); // a notification, which none should cause, would arrive now
  const dailyChecks = { activeMonitors, bySweep, byRunChecks, notifications: receiver.received - notifiedBefore };

  // ---- Baseline: one register call per monitor, on companies still in the register, extrapolated to M.
  const removed = new Set(files.changes.filter((c) => !c.after).map((c) => c.dosId));
  const present = monitored.filter((id) => !removed.has(id)).slice(0, Number(values['baseline-calls']));
  const never = new AbortController().signal;
  log(`baseline: ${present.length} monitored views, one company at a time…`);
  calls.reset();
  t = performance.now();
  await pool(present.length, CONCURRENCY, async (i) => void (await fetchMonitoredView(usNy, present[i]!, never)));
  const view = { measuredMs: since(t), registerFetches: calls.fetchCount };
  log(`baseline: ${present.length} live portal calls…`);
  calls.reset();
  t = performance.now();
  await pool(
    present.length,
    CONCURRENCY,
    async (i) => void (await usNy.fetch('company', present[i]!, { mode: 'verification', signal: never })),
  );
  const live = { measuredMs: since(t), portalHttpCalls: calls.httpCount };
  const extrapolated = (ms: number) => Math.round((ms / present.length) * M);

  console.log(
    JSON.stringify(
      {
        benchmark: 'monitors-snapshot',
        store: bench.store,
        machine: {
          cpus: cpus().length,
          loadAverageAtStart: loadAtStart,
          loadAverageAtMeasure: loadAtMeasure,
          peakLoad1mWhileMeasured: round1(measured.loadPeak),
          loadAverageAtEnd: measured.loadAtEnd,
        },
        options: {
          companies: N,
          monitors: M,
          changed: SHARE,
          accounts: ACCOUNTS,
          sampleThroughApi: sample.length,
          concurrency: CONCURRENCY,
        },
        setup: {
          filesMs,
          ingestMs,
          entities: first.entities,
          monitorsThroughApiMs: sampleMs,
          monitorsSetBasedMs: bulkMs,
          monitorsSetBased: written,
          analyzeMs,
          activeMonitors: counts?.monitors,
          monitoredCompanies: counts?.companies,
          setBasedRowsMatchApiRows: apiRows,
          quietRunChecks: quiet.body,
        },
        nextSnapshot: {
          changedEntities: files.changes.length,
          monitoredChanged: kinds,
          changesInvisibleToMonitors: invisible,
          ingest: { added: applied.added, changed: applied.changed, removed: applied.removed, unchanged: applied.unchanged },
        },
        measured: {
          snapshotApplyMs: applyMs,
          markDueMs,
          companiesMarkedDue: markedDue,
          checkMs,
          runChecks: run.body,
          msFromNewSnapshotToLastNotification: lastNotificationMs,
          goalMs: GOAL_MS,
          withinGoal: complete && lastNotificationMs <= GOAL_MS,
          notificationsExpected: expected.size,
          notificationsReceived: [...receiver.byCompany.values()].reduce((n, l) => n + l.length, 0),
          complete,
          lost,
          duplicates: receiver.received - receiver.distinct + extra,
          unexpected,
          wrongCategories,
          badSignatures: receiver.badSignatures,
          registerFetches: measured.fetches,
          registerHttpCalls: measured.http,
          peakRssMBWhileMeasured: mb(measured.rssPeak),
        },
        dailyChecks,
        peakRssMB: mb(process.resourceUsage().maxRSS * 1024),
        ...(trace ? { statementsFromFeedReadToLastNotification: trace.top() } : {}),
        baseline: {
          what: `one register call per monitor: measured on ${present.length} companies, ${CONCURRENCY} side by side (MONITOR_CONCURRENCY), extrapolated to ${M} monitors`,
          snapshotViewPerMonitor: { ...view, extrapolatedMs: extrapolated(view.measuredMs) },
          livePortalCallPerMonitor: {
            ...live,
            extrapolatedMs: extrapolated(live.measuredMs),
            emulatorLatencyMs: 0,
            extrapolatedAtRealPortalLatencyMs: Math.round((M * 1200) / CONCURRENCY),
          },
        },
      },
      null,
      2,
    ),
  );
} finally {
  clearInterval(rssTimer);
  clearInterval(loadTimer);
  await bench.close();
  await receiver.close();
}
