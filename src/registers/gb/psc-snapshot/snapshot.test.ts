import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../../../test/support/db.ts';
import type { JobToSend, SendOptions, WorkQueue } from '../../../jobs/queue.ts';
import type { SandboxStore } from '../../../sandbox/store.ts';
import type { Db } from '../../../store/db.ts';
import { downloadNames } from '../emulator/downloads.ts';
import { GB_PSC_SNAPSHOT_JOB, GbRegister, GbRegisterEmulator, SANDBOX_API_KEY } from '../index.ts';
import { IncompleteSnapshotError, ingestPscSnapshot, snapshotPscs, snapshotState } from './snapshot.ts';

/** The seeded register, with an outage the test switches on: the REST API then answers 503. */
let outage = false;
const seededSandbox = {
  get: async () => undefined,
  list: async () => [],
  isInOutage: async () => outage,
  consumeFailure: async () => false,
} as unknown as SandboxStore;

/** A queue that records what is sent and keeps the handler, so the test runs the job when it chooses. */
class RecordingQueue implements WorkQueue {
  readonly sent: { name: string; payload: object; opts?: SendOptions }[] = [];
  readonly handlers = new Map<string, (payload: any) => Promise<void>>();
  async send(name: string, payload: object, opts?: SendOptions) {
    this.sent.push({ name, payload, ...(opts ? { opts } : {}) });
  }
  async sendMany(name: string, jobs: readonly JobToSend[]) {
    for (const j of jobs) await this.send(name, j.payload, j);
  }
  work(name: string, handler: (payload: any) => Promise<void>) {
    this.handlers.set(name, handler);
  }
  workBatch() {}
  async stop() {}
}

const DAY = 86_400_000;
const signal = () => AbortSignal.timeout(10_000);

describe('GB PSC snapshot (daily bulk product)', () => {
  let store: { db: Db; drop(): Promise<void> };
  let gb: GbRegister;
  let now = new Date('2026-03-02T06:00:00Z');
  before(async () => {
    store = await openTestDb();
    gb = new GbRegister({ mode: 'sandbox', sandbox: seededSandbox, latency: 'none', now: () => now, db: store.db });
  });
  after(async () => {
    await gb.close();
    await store.drop();
  });

  it('is scheduled daily as a durable job: due now without a snapshot, then a day after each run', async () => {
    const queue = new RecordingQueue();
    await gb.start({ queue });
    assert.deepEqual(
      queue.sent.map((s) => [s.name, s.opts?.delayMs]),
      [[GB_PSC_SNAPSHOT_JOB, 0]],
    );
    await queue.handlers.get(GB_PSC_SNAPSHOT_JOB)!({});
    const state = await snapshotState(store.db);
    // 13 live seeded companies, 12 with PSC entries (Thames Infrastructure Fund LP has none); dissolved Old Mill is left
    // out; statements: Lagan's and Penny Lane's.
    assert.deepEqual(
      { companies: state?.companies, pscs: state?.pscs, statements: state?.statements, skipped: state?.skipped },
      { companies: 12, pscs: 14, statements: 2, skipped: 0 },
    );
    assert.equal(state?.generatedAt.toISOString(), now.toISOString());
    assert.deepEqual(queue.sent[1], {
      name: GB_PSC_SNAPSHOT_JOB,
      payload: { due: new Date(now.getTime() + DAY).toISOString() },
      opts: { delayMs: DAY, key: `due:${new Date(now.getTime() + DAY).toISOString()}` },
    });
    await gb.stopStream();
  });

  it('serves the graph’s owners from a fresh snapshot without a REST call; data points stay live', async () => {
    await gb.ingestPscSnapshot();
    outage = true;
    try {
      const graph = await gb.fetch('shareholders', '445790', { mode: 'verification', signal: signal(), purpose: 'graph' });
      assert.deepEqual(
        graph.data.map((s) => [s.type, s.company?.legalName ?? s.individual?.name?.fullName, s.sharePercentage, s.company?.countryCode]),
        [
          ['individual', 'Margaret Ellen Holloway', 50, undefined],
          ['company', 'NORDSTERN BETEILIGUNGEN GMBH', 25, 'DE'],
        ],
      );
      assert.equal(graph.source.overall?.type, 'cached_from_registry');
      assert.deepEqual(graph.source.overall?.documents?.[0], {
        name: 'PSC snapshot',
        date: '2026-03-02',
        reason: "the register's daily bulk product",
      });
      // A statement in the file is reported, as from the REST API.
      const lagan = await gb.fetch('shareholders', 'NI612345', { mode: 'verification', signal: signal(), purpose: 'graph' });
      assert.deepEqual(lagan.data, []);
      assert.match(String(lagan.source.overall?.documents?.[1]?.reason), /no registrable person/i);
      // The customer's own data point asks the register: down, so it fails.
      await assert.rejects(gb.fetch('shareholders', '445790', { mode: 'verification', signal: signal() }), /unavailable|503/i);
    } finally {
      outage = false;
    }
  });

  it('a stale snapshot (over 36 hours) or a company absent from it goes to the REST API', async () => {
    await gb.ingestPscSnapshot();
    assert.ok(await snapshotPscs(store.db, '00445790', now));
    assert.equal(await snapshotPscs(store.db, '00445790', new Date(now.getTime() + 37 * 3_600_000)), undefined);
    assert.equal(await snapshotPscs(store.db, '99999999', now), undefined);
    const later = now;
    now = new Date(later.getTime() + 2 * DAY);
    try {
      outage = true;
      await assert.rejects(
        gb.fetch('shareholders', '445790', { mode: 'verification', signal: signal(), purpose: 'graph' }),
        /unavailable|503/i,
      );
    } finally {
      outage = false;
      now = later;
    }
  });

  it('refuses a file cut short (its totals line missing or counting more) and keeps the stored snapshot', async () => {
    await gb.ingestPscSnapshot();
    const before = await snapshotState(store.db);
    const line = (n: string, data: object) => JSON.stringify({ company_number: n, data });
    const psc = {
      kind: 'individual-person-with-significant-control',
      name: 'Mr A B',
      natures_of_control: ['ownership-of-shares-75-to-100-percent'],
    };
    await assert.rejects(ingestPscSnapshot(store.db, `${line('123', psc)}\n`, now), IncompleteSnapshotError);
    const totals = JSON.stringify({
      data: { kind: 'totals#persons-of-significant-control-snapshot', persons_of_significant_control_count: 2, statements_count: 0 },
    });
    await assert.rejects(ingestPscSnapshot(store.db, `${line('123', psc)}\n${totals}\n`, now), IncompleteSnapshotError);
    assert.deepEqual(await snapshotState(store.db), before);
    assert.ok(await snapshotPscs(store.db, '00445790', now), 'the stored snapshot is still there');
    // The refused files' rows are gone: only the snapshot's run is left.
    const runs = await store.db.query<{ run: string }>('select distinct run from gb_psc_snapshot_lines');
    assert.deepEqual(
      runs.map((r) => r.run),
      (await store.db.query<{ run: string }>('select run from gb_psc_snapshot_state')).map((r) => r.run),
    );
  });

  it('a failed run (the download answers 503) logs one error line with the job, URL and reason; the snapshot stays', async () => {
    await gb.ingestPscSnapshot();
    const before = await snapshotState(store.db);
    const queue = new RecordingQueue();
    const lines: { fields: Record<string, unknown>; msg: string }[] = [];
    await gb.start({ queue, log: { error: (fields, msg) => void lines.push({ fields: fields as Record<string, unknown>, msg }) } });
    outage = true;
    try {
      await queue.handlers.get(GB_PSC_SNAPSHOT_JOB)!({});
    } finally {
      outage = false;
      await gb.stopStream();
    }
    assert.equal(lines.length, 1);
    const { job, url, reason } = lines[0]!.fields;
    assert.equal(job, GB_PSC_SNAPSHOT_JOB);
    assert.match(String(url), /^http:\/\/127\.0\.0\.1:\d+\/bulk\/persons-with-significant-control-snapshot-2026-03-02\.zip$/);
    assert.equal(reason, `${url} answered 503`);
    assert.deepEqual(await snapshotState(store.db), before);
    assert.ok(await snapshotPscs(store.db, '00445790', now), 'the stored snapshot still serves');
    // Rescheduled: a day after the snapshot that stays (the clock has not moved since it was applied).
    assert.equal(queue.sent.at(-1)?.opts?.delayMs, DAY);
  });

  it('live mode reads the register’s page, then the newest snapshot’s parts as one file (the emulator over HTTP)', async () => {
    const emulator = new GbRegisterEmulator({ sandbox: seededSandbox, latency: 'none', apiKeys: [SANDBOX_API_KEY], now: () => now });
    const base = await emulator.start();
    const live = new GbRegister({
      mode: 'live',
      apiUrl: base,
      documentApiUrl: base,
      apiKey: SANDBOX_API_KEY,
      now: () => now,
      db: store.db,
      pscSnapshot: [`${base}/bulk/en_pscdata.html`],
    });
    try {
      const fromPage = await live.ingestPscSnapshot();
      assert.deepEqual([fromPage.companies, fromPage.pscs, fromPage.statements], [12, 14, 2]);
      const parts = downloadNames(now).pscSnapshot.parts.map((p) => `${base}/bulk/${p}`);
      const fromParts = await live.ingestPscSnapshot(parts);
      assert.deepEqual([fromParts.companies, fromParts.pscs, fromParts.statements], [12, 14, 2]);
      // One part alone is a snapshot cut short: refused by its totals (here: it has none).
      await assert.rejects(live.ingestPscSnapshot(parts.slice(0, 1)), IncompleteSnapshotError);
    } finally {
      await live.close();
      await emulator.stop();
    }
  });

  it('reads the register’s lines loosely: a number without leading zeros, unknown fields, a broken line counted', async () => {
    const lines = [
      JSON.stringify({
        company_number: '123',
        data: {
          kind: 'corporate-entity-person-with-significant-control',
          name: 'PARENT LIMITED',
          etag: 'abc',
          identification: { registration_number: '4567', country_registered: 'England' },
          natures_of_control: ['ownership-of-shares-50-to-75-percent'],
          notified_on: '2016-04-06',
          some_field_added_later: { x: 1 },
        },
      }),
      '{"company_number": "0012',
      JSON.stringify({
        data: { kind: 'totals#persons-of-significant-control-snapshot', persons_of_significant_control_count: 2, statements_count: 0 },
      }),
    ];
    const state = await ingestPscSnapshot(store.db, `${lines.join('\n')}\n`, now);
    assert.deepEqual([state.companies, state.pscs, state.skipped], [1, 1, 1]);
    const got = await gb.fetch('shareholders', '123', { mode: 'onboarding', signal: signal(), purpose: 'graph' });
    assert.deepEqual(got.data[0]?.company, {
      legalName: 'PARENT LIMITED',
      countryCode: 'GB',
      id: '00004567',
      identifiers: { registrationNumber: '00004567' },
    });
  });

  it('reads the new day’s file when the day turns while the day’s file is asked for: no error line', async () => {
    // The day turns the moment the register (the emulator, serving a download) first reads its clock after the service
    // named the file by the day before. (The download runs in a worker thread: the clock is where a test can step in.)
    const day = new Date('2026-03-04T23:59:59Z');
    let turned = false;
    const clock = () => {
      if (!turned && /emulator[\\/]server\.ts/.test(new Error().stack ?? '')) turned = true;
      return turned ? new Date(day.getTime() + 1_000) : day;
    };
    const turning = new GbRegister({ mode: 'sandbox', sandbox: seededSandbox, latency: 'none', now: clock, db: store.db });
    const queue = new RecordingQueue();
    const lines: unknown[] = [];
    try {
      await turning.start({ queue, log: { error: (fields) => void lines.push(fields) } });
      await queue.handlers.get(GB_PSC_SNAPSHOT_JOB)!({});
    } finally {
      await turning.close();
    }
    assert.equal(turned, true, 'the emulator read its clock');
    assert.deepEqual(lines, []);
    const state = await snapshotState(store.db);
    assert.equal(state?.generatedAt.toISOString(), '2026-03-05T00:00:00.000Z', 'the new day’s snapshot');
  });
});
