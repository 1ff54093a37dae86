import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { startService } from '../../src/service.ts';
import { openTestDb } from '../support/db.ts';
import { ADMIN_TOKEN, callService, eventually } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * company.updated carries news (spec §6.1): every message of a request differs from the ones before it, none repeats,
 * also after a restart (whose catch-up re-examines the requests changed lately). Two lifetimes on one store.
 */
describe('company.updated: news only, never a repeat', () => {
  const cleanup: (() => Promise<void>)[] = [];
  after(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it('two data points settling apart; two settling together; a restart sends nothing again', { timeout: 60_000 }, async () => {
    const { db, jobsSchema, drop } = await openTestDb();
    cleanup.push(drop);
    const rx = await WebhookReceiver.start();
    cleanup.push(() => rx.close());
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', ADMIN_TOKEN, SANDBOX_LATENCY: 'none', JOBS_SCHEMA: jobsSchema });
    const call = callService;
    const received = (requestId: string) =>
      rx
        .at('/news')
        .filter((r) => r.nth === 1 && JSON.parse(r.body).request?.requestId === requestId)
        .map((r) => r.body);
    const settledIn = (body: string, dataPoints: string[]) =>
      dataPoints.every((dp) => JSON.parse(body).request.dataStatus.dataPoints[dp]?.status === 'succeeded');

    const first = await startService(config, { db });
    let firstStopped = false;
    cleanup.push(async () => {
      if (!firstStopped) await first.stop();
    });
    const account = await call(first, 'POST', '/admin/accounts', { admin: true, body: { name: 'news', credits: 1_000_000 } });
    const key: string = account.body.apiKey;
    assert.equal((await call(first, 'POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/news` } })).status, 201);

    const request = async (id: string, dataPoints: string[]) => {
      const res = await call(first, 'POST', '/v2/company', { key, body: { id, countryCode: 'TEST', dataPoints } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.request.requestId as string;
    };
    // Two blocks (profile, people): they settle one after the other.
    const apart = ['company', 'legalRepresentatives'];
    const apartId = await request('ACME', apart);
    // One block serves both: they settle together.
    const together = ['company', 'companyProfile'];
    const togetherId = await request('ACME-2', together);
    await eventually(async () => received(apartId).some((b) => settledIn(b, apart)) && received(togetherId).length > 0, 20_000);

    // Stopping waits for the emissions in flight; a new lifetime catches up on requests changed without a message.
    await first.stop();
    firstStopped = true;
    // The race this guards against, made certain: an emission read the request's version, a second data point
    // settled while it built the payload, so its message is filed under the older version than the state it shows.
    // The next emission (here: the catch-up of the next start) finds that version unannounced and builds the same body.
    const [last] = await db.query<{ id: string }>(
      'select id from webhook_messages where subject = $1 order by created_at desc, id desc limit 1',
      [apartId],
    );
    await db.query("update webhook_messages set version = version - interval '1 millisecond' where id = $1", [last!.id]);
    const second = await startService(config, { db });
    cleanup.push(() => second.stop());
    const stored = async (requestId: string) =>
      (await db.query<{ body: string }>('select body from webhook_messages where subject = $1 order by created_at, id', [requestId])).map(
        (r) => r.body,
      );
    // Delivered: whatever was staged reaches the receiver (nothing is lost).
    for (const id of [apartId, togetherId]) {
      const bodies = await stored(id);
      await eventually(async () => bodies.every((b) => received(id).includes(b)), 20_000);
    }

    const apartBodies = await stored(apartId);
    assert.ok(apartBodies.length >= 1 && apartBodies.length <= 2, `at most one message per settled block: ${apartBodies.length}`);
    assert.equal(new Set(apartBodies).size, apartBodies.length, 'every company.updated body differs');
    assert.ok(settledIn(apartBodies.at(-1)!, apart), 'the last message has both data points settled');
    const statuses = apartBodies.map((b) => JSON.stringify(JSON.parse(b).request.dataStatus));
    assert.equal(new Set(statuses).size, statuses.length, 'each message announces a data point settled since the one before');

    const togetherBodies = await stored(togetherId);
    assert.equal(togetherBodies.length, 1, 'data points that settle together: one message');
    assert.ok(settledIn(togetherBodies[0]!, together));
    assert.deepEqual(received(togetherId), togetherBodies);
  });
});
