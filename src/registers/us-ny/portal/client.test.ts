import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { RegisterError } from '../../errors.ts';
import { PortalClient, defaultUserAgent } from './client.ts';

type Handler = (req: IncomingMessage, body: any, res: ServerResponse) => void;

describe('the NY portal client', () => {
  let url = '';
  let handlers: Handler[] = [];
  const seen: { path: string; body: any; ua: string | undefined }[] = [];
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    for await (const c of req) text += c;
    const body = text ? JSON.parse(text) : undefined;
    seen.push({ path: req.url ?? '', body, ua: req.headers['user-agent'] });
    (handlers.shift() ?? ((_q, _b, r) => r.writeHead(500).end()))(req, body, res);
  };
  // node:test fails the running test on an unhandled rejection, so a throwing handler is not lost.
  const server = createServer((req, res) => void serve(req, res));
  before(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const client = (timeoutMs = 5000) =>
    new PortalClient({
      baseUrl: async () => url,
      userAgent: defaultUserAgent('9.9.9', 'ops@example.test'),
      timeoutMs,
      attempts: 3,
      backoffMs: 5,
      maxBackoffMs: 20,
    });
  const json =
    (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
    (_q, _b, res) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
  const record = {
    requestStatus: 'Success',
    resultIndicator: 'Success',
    entityGeneralInfo: { dosID: 1234567, entityName: 'ACME LLC', entityStatus: 'Active' },
  };
  const signal = () => new AbortController().signal;

  it('POSTs the real protocol with an honest user agent', async () => {
    seen.length = 0;
    handlers = [json(200, record)];
    const r = await client().entityRecord('1234567', signal());
    assert.equal(r?.entityGeneralInfo?.dosID, '1234567', 'numbers read as strings');
    assert.equal(seen[0]!.path, '/PublicInquiryWeb/api/PublicInquiry/GetEntityRecordByID');
    assert.deepEqual(seen[0]!.body, { SearchID: '1234567', EntityName: '', AssumedNameFlag: 'false' });
    assert.equal(seen[0]!.ua, 'registrum/9.9.9 (company-registry data service; ops@example.test)');
  });

  it('answers undefined for an id the portal does not know', async () => {
    handlers = [json(200, { requestStatus: 'Success', resultIndicator: 'InvalidID', entityGeneralInfo: null })];
    assert.equal(await client().entityRecord('7654321', signal()), undefined);
  });

  it('asks for the filing history as the portal’s own page does, and reads its list', async () => {
    seen.length = 0;
    const filing = {
      fileDate: '2019-06-14T00:00:00',
      certCode: '05',
      documentType: 'CERTIFICATE OF MERGER',
      pageCount: 4,
      fileNumber: 190614000512,
      amendmentDescriptionFlag: true,
      amendmentDescription: 'MERGER OF X INC. INTO ACME LLC',
    };
    handlers = [
      json(200, { requestStatus: 'Success', totalMatchingCount: 1, filingHistoryResultList: [filing] }),
      json(200, { requestStatus: 'Success', filingHistoryResultList: null }),
    ];
    const list = await client().filingHistory('1234567', signal());
    assert.equal(seen[0]!.path, '/PublicInquiryWeb/api/PublicInquiry/GetFilingHistoryByID');
    assert.deepEqual(seen[0]!.body, {
      SearchID: '1234567',
      AssumedNameFlag: 'false',
      EntityName: '',
      ListSortedBy: 'ALL',
      listPaginationInfo: { listStartRecord: 1, listEndRecord: 250 },
    });
    assert.deepEqual(list, [{ ...filing, fileNumber: '190614000512' }], 'file numbers read as strings');
    assert.deepEqual(await client().filingHistory('7654321', signal()), [], 'no list, no filings');
  });

  it('retries 503, 429 (with Retry-After) and a bot wall’s HTML page, then succeeds', async () => {
    seen.length = 0;
    handlers = [
      json(503, {}),
      json(429, {}, { 'retry-after': '0' }),
      (_q, _b, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Checking your browser…</html>'),
    ];
    await assert.rejects(
      client().entityRecord('1234567', signal()),
      (e: unknown) => e instanceof RegisterError && e.code === 'service_unavailable' && e.retryable,
    );
    assert.equal(seen.length, 3, 'three attempts');
    handlers = [json(503, {}), json(200, record)];
    assert.equal((await client().entityRecord('1234567', signal()))?.entityGeneralInfo?.entityName, 'ACME LLC');
  });

  it('gives up on a stalled answer after the timeout, and tries again', async () => {
    seen.length = 0;
    handlers = [() => undefined /* never answers */, json(200, record), json(200, record)];
    const t0 = Date.now();
    const r = await client(300).entityRecord('1234567', signal());
    assert.equal(r?.entityGeneralInfo?.entityName, 'ACME LLC');
    assert.ok(Date.now() - t0 >= 290);
    assert.ok(seen.length >= 2);
  });

  it('does not retry a refused request or an answer in an unknown shape', async () => {
    seen.length = 0;
    handlers = [json(400, { message: 'bad' })];
    await assert.rejects(
      client().entityRecord('1234567', signal()),
      (e: unknown) => e instanceof RegisterError && e.code === 'processing_failed' && !e.retryable,
    );
    handlers = [json(200, { requestStatus: 'Success', entityGeneralInfo: { entityName: 5 } })];
    await assert.rejects(
      client().entityRecord('1234567', signal()),
      (e: unknown) => e instanceof RegisterError && e.code === 'processing_failed',
    );
    assert.equal(seen.length, 2);
  });

  it('stops at once when the caller aborts', async () => {
    handlers = [() => undefined, () => undefined, () => undefined];
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('deadline')), 50);
    await assert.rejects(client(5000).entityRecord('1234567', ac.signal), /deadline/);
  });
});
