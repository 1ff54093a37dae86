import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../../../test/support/db.ts';
import { eventually } from '../../../../test/support/service.ts';
import { InProcessQueue, type SendOptions } from '../../../jobs/queue.ts';
import type { Db } from '../../../store/db.ts';
import { SnapshotBusyError } from '../repositories/snapshots.ts';
import { driftRow, generateEntities, nameRecords } from '../generator.ts';
import { downloadDataset } from './download.ts';
import { ingestFromApi } from './ingest.ts';
import { US_NY_INGEST_JOB, scheduleIngestion } from './job.ts';

const entities = [...generateEntities({ size: 250, seed: 'api' })];
const rows = entities.map((e) => driftRow(e, { seed: 'api' }));
const names = [...nameRecords(entities)];

describe('the open-data API download and the scheduled ingestion', () => {
  let url = '';
  let db: Db;
  let drop: () => Promise<void>;
  const requests: string[] = [];
  let failNext = 0;
  const server = createServer((req, res) => {
    const u = new URL(req.url!, 'http://x');
    requests.push(`${u.pathname}?${u.searchParams}`);
    if (failNext > 0) {
      failNext--;
      return res.writeHead(503).end();
    }
    const data = u.pathname.includes('n9v6-gdp6') ? rows : names;
    const offset = Number(u.searchParams.get('$offset'));
    const limit = Number(u.searchParams.get('$limit'));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(data.slice(offset, offset + limit)));
  });
  before(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ({ db, drop } = await openTestDb());
  });
  after(async () => {
    server.close();
    await drop();
  });

  it('pages through a dataset in a stable order, retrying a failed page', async () => {
    requests.length = 0;
    failNext = 1;
    const got = [];
    for await (const r of downloadDataset(`${url}/resource/n9v6-gdp6.json`, { userAgent: 'test', pageSize: 100, attempts: 3 }))
      got.push(...r);
    assert.equal(got.length, rows.length);
    assert.deepEqual(
      requests.map((r) => new URLSearchParams(r.split('?')[1]).get('$offset')),
      ['0', '0', '100', '200'],
    );
    assert.ok(requests.every((r) => r.includes('%24order=%3Aid')));
  });

  it('ingests the snapshot and its name history from the API', async () => {
    const report = await ingestFromApi(
      { db, now: () => new Date('2025-07-01T00:00:00Z') },
      { entities: `${url}/resource/n9v6-gdp6.json`, names: `${url}/resource/ekwr-p59j.json` },
      { userAgent: 'test', pageSize: 100 },
    );
    assert.equal(report.entities, entities.length);
    assert.equal(report.read.nameRecords, names.length);
  });

  /** The schedule on an in-process queue, started when a run is due; `run` plays the ingestion. */
  async function scheduled(run: (clock: { now: Date; applied?: Date }) => Promise<void>) {
    const sent: { name: string; payload: object; opts?: SendOptions }[] = [];
    const queue = new InProcessQueue();
    const send = queue.send.bind(queue);
    // The next run is an hour or more away: it never runs here.
    queue.send = async (name, payload, opts) => {
      sent.push({ name, payload, opts });
      return send(name, payload, opts);
    };
    const clock: { now: Date; applied?: Date } = { now: new Date('2025-07-02T00:00:00Z'), applied: new Date('2025-07-01T00:00:00Z') };
    let runs = 0;
    await scheduleIngestion(queue, {
      everyMs: 86_400_000,
      now: () => clock.now,
      run: async () => {
        runs++;
        await run(clock);
      },
      lastApplied: async () => clock.applied,
    });
    return { sent, queue, runs: () => runs };
  }

  it('schedules the next run a day after the last snapshot, keyed by its due time, and again after each run', async () => {
    const { sent, queue, runs } = await scheduled(async (clock) => {
      clock.applied = clock.now;
      clock.now = new Date(clock.now.getTime() + 60_000);
    });
    assert.equal(sent[0]!.name, US_NY_INGEST_JOB);
    assert.deepEqual(
      [sent[0]!.opts?.key, sent[0]!.opts?.delayMs],
      ['due:2025-07-02T00:00:00.000Z', 0],
      'a day after the last snapshot: now',
    );
    await eventually(async () => sent.length >= 2);
    assert.equal(runs(), 1);
    assert.equal(sent[1]!.opts?.key, 'due:2025-07-03T00:00:00.000Z', 'a day after the snapshot the run applied');
    await queue.stop();
  });

  it('tries again in an hour after a failed run, and leaves the schedule to the process that is ingesting', async () => {
    const failed = await scheduled(async () => {
      throw new Error('the open-data API answered 503');
    });
    await eventually(async () => failed.sent.length >= 2);
    assert.equal(failed.sent[1]!.opts?.key, 'due:2025-07-02T01:00:00.000Z');
    assert.equal(failed.sent[1]!.opts?.delayMs, 3_600_000);
    await failed.queue.stop();

    const busy = await scheduled(async () => {
      throw new SnapshotBusyError();
    });
    await eventually(async () => busy.runs() === 1);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(busy.sent.length, 1, 'the ingesting process schedules the next run');
    await busy.queue.stop();
  });
});
