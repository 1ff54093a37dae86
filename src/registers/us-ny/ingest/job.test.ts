import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../../../test/support/db.ts';
import { InProcessQueue, type SendOptions } from '../../../jobs/queue.ts';
import type { Db } from '../../../store/db.ts';
import { UsNySnapshotRepository } from '../../../store/repositories/us-ny-snapshots.ts';
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
    for await (const r of downloadDataset(`${url}/resource/n9v6-gdp6.json`, { userAgent: 'test', pageSize: 100, attempts: 3 })) got.push(...r);
    assert.equal(got.length, rows.length);
    assert.deepEqual(requests.map((r) => new URLSearchParams(r.split('?')[1]).get('$offset')), ['0', '0', '100', '200']);
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

  it('schedules the next run by due time, once across processes, and again after each run', async () => {
    const sent: { name: string; payload: object; opts?: SendOptions }[] = [];
    const queue = new InProcessQueue();
    const send = queue.send.bind(queue);
    queue.send = async (name, payload, opts) => {
      sent.push({ name, payload, opts });
      return send(name, payload, { ...opts, delayMs: Math.min(opts?.delayMs ?? 0, 20) });
    };
    let runs = 0;
    const snapshots = new UsNySnapshotRepository(db);
    let clock = new Date('2025-07-01T12:00:00Z');
    const schedule = {
      everyMs: 86_400_000,
      now: () => clock,
      run: async () => {
        runs++;
        clock = new Date(clock.getTime() + 1000);
      },
      lastApplied: async () => (await snapshots.latestDone())?.finishedAt ?? undefined,
    };
    await scheduleIngestion(queue, schedule);
    assert.equal(sent[0]!.name, US_NY_INGEST_JOB);
    assert.equal(sent[0]!.opts?.key, 'due:2025-07-02T00:00:00.000Z', 'a day after the last snapshot');
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(runs, 1);
    assert.equal(sent.length, 2, 'the run scheduled the next one');
    await queue.stop();
  });
});
