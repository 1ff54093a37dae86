import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../../../test/support/db.ts';
import { eventually } from '../../../../test/support/service.ts';
import { InProcessQueue, type SendOptions } from '../../../jobs/queue.ts';
import { emptySandbox } from '../../../../test/support/empty-sandbox.ts';
import type { Db } from '../../../store/db.ts';
import { downloadNames } from '../emulator/downloads.ts';
import { GB_BULK_JOB, GbRegister, GbRegisterEmulator, SANDBOX_API_KEY } from '../index.ts';

const MONTH = 30 * 86_400_000;

/** A queue that records what is sent to it (the next run is a month away: it never runs here). */
function recordingQueue() {
  const sent: { name: string; opts?: SendOptions }[] = [];
  const queue = new InProcessQueue();
  const send = queue.send.bind(queue);
  queue.send = async (name, payload, opts) => {
    sent.push({ name, ...(opts ? { opts } : {}) });
    return send(name, payload, opts);
  };
  return { queue, sent };
}

describe('the monthly GB bulk ingestion job (live mode with GB_BULK_URL)', () => {
  let store: { db: Db; drop(): Promise<void> };
  let emulator: GbRegisterEmulator;
  let url: string;
  const registers: GbRegister[] = [];
  const live = (sources = [`${url}/bulk/${downloadNames(new Date()).basicCompanyData.oneFile}`]) => {
    const gb = new GbRegister({
      mode: 'live',
      apiUrl: url,
      documentApiUrl: url,
      apiKey: SANDBOX_API_KEY,
      streamUrl: `${url}/stream`,
      bulk: { sources, everyMs: MONTH },
      now: () => new Date(),
      db: store.db,
    });
    registers.push(gb);
    return gb;
  };
  /** The ingested products, the latest first (the schedule runs a month after the latest). */
  const products = async () =>
    (await store.db.query<{ finished_at: Date }>(`select finished_at from gb_bulk_products where status = 'done' order by id desc`)).map(
      (r) => new Date(r.finished_at),
    );
  before(async () => {
    store = await openTestDb();
    emulator = new GbRegisterEmulator({ sandbox: emptySandbox, latency: 'none', apiKeys: [SANDBOX_API_KEY] });
    url = await emulator.start();
  });
  after(async () => {
    for (const gb of registers) await gb.close();
    await emulator.stop();
    await store.drop();
  });

  it('runs at once when no product was ever ingested, then schedules the next a month after it', { timeout: 30_000 }, async () => {
    const { queue, sent } = recordingQueue();
    await live().start({ queue });
    assert.equal(sent[0]!.name, GB_BULK_JOB);
    assert.equal(sent[0]!.opts?.delayMs, 0);
    await eventually(async () => sent.length >= 2, 20_000);
    const [finished] = await products();
    assert.ok(finished);
    // A month after the ingestion ended: the job's clock reads its end a few ms from the row's (a busy store).
    const due = Date.parse(String(sent[1]!.opts?.key).replace(/^due:/, ''));
    assert.ok(Math.abs(due - (finished.getTime() + MONTH)) < 1000, `${sent[1]!.opts?.key} is a month after ${finished.toISOString()}`);
    await queue.stop();
  });

  it('another process finds the product: it schedules the next run a month on, and searches without downloading', async () => {
    const { queue, sent } = recordingQueue();
    const other = live();
    await other.start({ queue });
    const [finished] = await products();
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.opts?.key, `due:${new Date(finished!.getTime() + MONTH).toISOString()}`);
    for await (const s of other.search('Albion Systems', { mode: 'onboarding', signal: AbortSignal.timeout(10_000) })) {
      assert.equal(s.results[0]?.id, '05617255');
      break;
    }
    assert.equal((await products()).length, 1);
    await queue.stop();
  });

  it('a failed run (a missing file) logs one error line, is recorded, and the stored product keeps serving', async () => {
    const handlers = new Map<string, (payload: object) => Promise<void>>();
    const queue = new InProcessQueue();
    queue.work = (name, handler) => void handlers.set(name, handler);
    const lines: { fields: Record<string, unknown>; msg: string }[] = [];
    const log = { error: (fields: object, msg: string) => void lines.push({ fields: fields as Record<string, unknown>, msg }) };
    const missing = `${url.replace('http://', 'http://reader:s3cret@')}/bulk/BasicCompanyDataAsOneFile-1999-01-01.zip`;
    const gb = live([missing]);
    await gb.start({ queue, log });
    await handlers.get(GB_BULK_JOB)!({});
    assert.equal(lines.length, 1);
    assert.deepEqual(lines[0]!.fields, {
      job: GB_BULK_JOB,
      url: `${url}/bulk/BasicCompanyDataAsOneFile-1999-01-01.zip`,
      reason: `${url}/bulk/BasicCompanyDataAsOneFile-1999-01-01.zip answered 404`,
    });
    assert.match(lines[0]!.msg, /failed; the stored product is kept/);
    const runs = await store.db.query<{ status: string; error: string | null }>('select status, error from gb_bulk_products order by id');
    assert.deepEqual(
      runs.map((r) => [r.status, r.error]),
      [
        ['done', null],
        ['failed', `${url}/bulk/BasicCompanyDataAsOneFile-1999-01-01.zip answered 404`],
      ],
    );
    for await (const s of gb.search('Albion Systems', { mode: 'onboarding', signal: AbortSignal.timeout(10_000) })) {
      assert.equal(s.results[0]?.id, '05617255');
      break;
    }
    await queue.stop();
  });
});
