import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { startService } from '../../src/service.ts';
import { openTestDb } from '../support/db.ts';
import { ADMIN_TOKEN, callService, eventually } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Two service lifetimes on one store: what the first leaves undone, the second finishes at start. Losses
 * are simulated where a crash could cause them: a job that never reached the job engine, and a request
 * change whose event was never recorded.
 */
describe('webhooks after a restart', () => {
  const cleanup: (() => Promise<void>)[] = [];
  after(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it('re-sends pending deliveries and emits lost company.updated events, with the original ids', { timeout: 60_000 }, async () => {
    const { db, jobsSchema, drop } = await openTestDb();
    cleanup.push(drop);
    const rx = await WebhookReceiver.start();
    cleanup.push(() => rx.close());
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_TOKEN,
      SANDBOX_LATENCY: 'none',
      JOBS_SCHEMA: jobsSchema,
      // The first attempt waits: the first lifetime ends before it.
      WEBHOOK_RETRY_SCHEDULE: '1500ms,50ms',
    });
    const call = callService;

    const first = await startService(config, { db });
    let firstStopped = false;
    cleanup.push(async () => {
      if (!firstStopped) await first.stop();
    });
    const account = await call(first, 'POST', '/admin/accounts', { admin: true, body: { name: 'resume', credits: 1_000_000 } });
    const key: string = account.body.apiKey;
    assert.equal((await call(first, 'POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/resume` } })).status, 201);
    const requestIds: string[] = [];
    for (const id of ['ACME', 'ZX81']) {
      const res = await call(first, 'POST', '/v2/company', { key, body: { id, countryCode: 'TEST', mode: 'onboarding' } });
      assert.equal(res.status, 200);
      requestIds.push(res.body.request.requestId);
    }
    const recorded = await eventually(async () => {
      const rows = await db.query<{ id: string; subject: string }>(`select id, subject from webhook_messages order by id`);
      return rows.length === 2 && rows;
    });
    await first.stop();
    firstStopped = true;
    assert.equal(rx.received.length, 0, 'nothing delivered in the first lifetime');

    // As if the process had died between recording the messages and handing their jobs to the engine.
    await db.query(`delete from ${jobsSchema}.job where name = 'webhook.attempt'`);
    // As if a request's data had changed and the process had died before recording its event. (A change of
    // `updated_at` alone is no news: company.updated announces content, see src/webhooks/announcement.ts.)
    const [changed] = requestIds;
    await db.query(
      `update request_items set result = jsonb_set(result, '{company,legalName}', '"Acme Changed Ltd"') where request_id = $1 and name = 'company'`,
      [changed],
    );
    await db.query(`update requests set updated_at = updated_at + interval '1 second' where id = $1`, [changed]);

    const second = await startService(config, { db });
    cleanup.push(() => second.stop());
    for (const m of recorded) await eventually(async () => rx.received.some((r) => r.id === m.id && r.answered === 200), 15_000);
    const forChanged = await eventually(async () => {
      const ids = new Set(rx.received.filter((r) => JSON.parse(r.body).request.requestId === changed).map((r) => r.id));
      return ids.size === 2 && ids;
    }, 15_000);
    const caughtUp = [...forChanged].find((id) => !recorded.some((m) => m.id === id))!;
    assert.match(caughtUp, /^msg_/, 'the lost change was emitted as a new message');
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(new Set(rx.received.map((r) => r.id)).size, 3, 'the unchanged request was not emitted again');
  });
});
