import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

/** One Server-Sent Events frame: an event with its data, or a comment (the heartbeat). */
type Frame = { event: string; data: any } | { comment: string };

/** Reads a stream's frames as they arrive. */
async function* framesOf(res: Response): AsyncGenerator<Frame> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      if (lines[0]!.startsWith(':')) yield { comment: lines[0]!.slice(1).trim() };
      else {
        const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
        yield { event: field('event')!, data: JSON.parse(field('data')!) };
      }
    }
  }
}

describe('GET /v2/search as a stream', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ SEARCH_HEARTBEAT_MS: '100' });
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const open = (query: string) =>
    fetch(`${svc.url}/v2/search?country=TEST&stream=true${query}`, { headers: { 'x-api-key': key, accept: 'text/event-stream' } });

  it('sends its headers and heartbeats while the register is still searching, then the results', { timeout: 30_000 }, async () => {
    const put = await svc.call('PUT', '/admin/sandbox/TEST/companies/SLOW-SEARCH', {
      admin: true,
      body: { record: { company: { legalName: 'Slow Search Ltd' } }, behaviour: { latencyMs: { search: 3_000 } } },
    });
    assert.equal(put.status, 200);
    const res = await open('&query=SLOW-SEARCH');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
    const frames: Frame[] = [];
    for await (const frame of framesOf(res)) frames.push(frame);
    // The register answers after 3 s; heartbeats (every 100 ms) came before its first event.
    assert.deepEqual(frames[0], { comment: 'keep-alive' });
    const events = frames.filter((f): f is { event: string; data: any } => 'event' in f);
    assert.deepEqual(
      events.map((e) => e.event),
      ['progress', 'complete'],
    );
    assert.equal(events[1]!.data.results[0].id, 'SLOW-SEARCH');
  });

  for (const [id, code] of [
    ['SERVICE_UNAVAILABLE', 'service_unavailable'],
    ['INVALID_REQUEST', 'invalid_request'],
  ] as const) {
    it(`answers the register's ${id} as an error event with the error body`, async () => {
      const res = await open(`&query=${id}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
      const events = [];
      for await (const frame of framesOf(res)) if ('event' in frame) events.push(frame);
      assert.equal(events.length, 1);
      assert.equal(events[0]!.event, 'error');
      assert.equal(events[0]!.data.error.code, code);
    });
  }

  it('answers an invalid query of a stream request as an error event', async () => {
    const res = await open('');
    assert.equal(res.status, 200);
    const events = [];
    for await (const frame of framesOf(res)) if ('event' in frame) events.push(frame);
    assert.equal(events.length, 1);
    assert.equal(events[0]!.event, 'error');
    assert.equal(events[0]!.data.error.code, 'invalid_request');
  });

  it('answers a missing API key before the stream starts, as plain JSON', async () => {
    const res = await fetch(`${svc.url}/v2/search?country=TEST&query=acme&stream=true`, { headers: { accept: 'text/event-stream' } });
    assert.equal(res.status, 401);
    assert.equal(((await res.json()) as any).error.code, 'unauthorized');
  });
});

describe('GET /v2/search as a stream, CN (a portal that pages its results)', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  it('sends a progress event per page of the portal, each with new results, then all of them', { timeout: 60_000 }, async () => {
    // Nearly every company's name contains 有限公司: more hits than one page of the portal holds.
    const query = `country=CN&query=${encodeURIComponent('有限公司')}`;
    const res = await fetch(`${svc.url}/v2/search?${query}&stream=true`, { headers: { 'x-api-key': key, accept: 'text/event-stream' } });
    assert.equal(res.status, 200);
    const events: { event: string; data: any }[] = [];
    for await (const frame of framesOf(res)) if ('event' in frame) events.push(frame);
    const progress = events.filter((e) => e.event === 'progress');
    assert.ok(progress.length >= 2, `${progress.length} progress event(s)`);
    assert.deepEqual(
      events.map((e) => e.event),
      [...progress.map(() => 'progress'), 'complete'],
    );
    const seen = new Set<string>();
    for (const p of progress) {
      assert.equal(p.data.source, 'CN credit information portal');
      assert.ok(p.data.results.length > 0);
      for (const r of p.data.results) {
        assert.ok(!seen.has(r.id), `${r.id} came in an earlier page`);
        seen.add(r.id);
      }
    }
    const complete = events.at(-1)!.data.results as { id: string }[];
    assert.deepEqual(new Set(complete.map((r) => r.id)), seen);
    assert.equal(complete.length, seen.size);
    // The plain JSON answer is the same final list.
    const plain = await svc.call('GET', `/v2/search?${query}`, { key });
    assert.equal(plain.status, 200);
    assert.deepEqual(plain.body, complete);
  });
});
