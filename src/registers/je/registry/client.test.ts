import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { extractReport } from '../extract/report.ts';
import { RegistryEmulator, type EmulatorEndpoints } from '../emulator/server.ts';
import { ReportMailbox } from '../mail/report-mailbox.ts';
import { PATHS } from '../labels.ts';
import { MemorySandbox, movableClock } from '../test-support.ts';
import { RegistryClient } from './client.ts';
import { solveCaptcha } from './pages.ts';

describe('JE registry website protocol (client against the emulator)', () => {
  const sandbox = new MemorySandbox();
  const clock = movableClock();
  const emulator = new RegistryEmulator({ sandbox: sandbox.asStore(), latency: 'none', now: clock.now });
  let ends: EmulatorEndpoints;
  let client: RegistryClient;
  before(async () => {
    ends = await emulator.start();
    client = new RegistryClient(async () => ends.registryUrl, { userAgent: 'test', timeoutMs: 10_000 });
  });
  after(() => emulator.stop());
  const signal = () => AbortSignal.timeout(20_000);

  it('puts a captcha in front of a visitor without a session; the client answers it and keeps the cookie', async () => {
    const res = await fetch(`${ends.registryUrl}${PATHS.entity}104325`);
    assert.equal(res.status, 403);
    assert.match(await res.text(), /id="captcha-form"[\s\S]*What is \d+ plus \d+\?/);
    assert.equal(solveCaptcha('What is 7 plus 4?'), 11);
    assert.equal(solveCaptcha('Select all the traffic lights'), undefined);
    const page = await client.entity('104325', signal());
    assert.deepEqual(page, {
      number: '104325',
      name: 'Harbour View Holdings Limited',
      type: 'Registered Company Private',
      status: 'Active',
      registeredOn: '14/09/2009',
      previousNames: [{ name: 'Harbour View Investments Limited', from: '14/09/2009', to: '02/05/2016' }],
    });
    assert.equal(await client.entity('1111111', signal()), undefined, 'unknown number: 404');
  });

  it('searches names, former names included, best first', async () => {
    const rows = await client.search('gorey harbour', signal());
    assert.deepEqual(rows[0], {
      number: '4417',
      name: 'Mont Orgueil Estates Limited',
      type: 'Registered Company Private',
      status: 'Active',
      registeredOn: '12/10/1959',
      previousName: 'Gorey Harbour Estates Limited',
    });
    assert.ok((await client.search('Seaton Place', signal())).some((r) => r.number === '121212' && !r.previousName));
    assert.deepEqual(await client.search('zzqx nothing like it', signal()), []);
  });

  it('orders a report, receives the mail over POP3 and downloads the PDF from its link; the link expires after 14 days', async () => {
    const box = new ReportMailbox(async () => ends.mailbox, 20);
    const reference = await client.orderReport('126540', ends.reportEmail, signal());
    assert.match(reference, /^JFSC-R-\d{6}-[0-9A-F]{6}$/);
    const mail = await box.waitFor(reference, signal());
    assert.equal(mail.number, '126540');
    const pdf = await client.download(mail.link, signal());
    const report = await extractReport(pdf);
    assert.equal(report.entity['Entity Name'], 'St Helier Fintech Holdings Limited');
    assert.equal(report.shareholders.length, 3);
    clock.advance(14 * 86_400_000 + 1000);
    await assert.rejects(client.download(mail.link, signal()), {
      code: 'service_unavailable',
      retryable: true,
      message: /no longer valid \(410\)/,
    });
  });

  it('mails a report ordered for another address elsewhere: not into this mailbox', async () => {
    const box = new ReportMailbox(async () => ends.mailbox, 20);
    const reference = await client.orderReport('4417', 'someone@else.example', signal());
    await assert.rejects(box.waitFor(reference, AbortSignal.timeout(300)), { name: 'TimeoutError' });
  });

  it('refuses a report for an inactive entity (409) and for an unknown one (404)', async () => {
    await assert.rejects(client.orderReport('2981', ends.reportEmail, signal()), { code: 'resource_not_found', message: /not active/ });
    await assert.rejects(client.orderReport('1111111', ends.reportEmail, signal()), { code: 'resource_not_found' });
  });

  it('turns outages, behaviours and an unreachable site into register errors', async () => {
    sandbox.outage = true;
    await assert.rejects(client.search('harbour', signal()), { code: 'service_unavailable', retryable: true });
    sandbox.outage = false;
    sandbox.put(
      '5555',
      { entity: { name: 'Flaky Limited', type: 'Registered Company Private', status: 'Active', registeredOn: '01/01/2020' } },
      { failTimes: 1 },
    );
    await assert.rejects(client.entity('5555', signal()), { code: 'service_unavailable' });
    assert.equal((await client.entity('5555', signal()))?.name, 'Flaky Limited');
    sandbox.put(
      '5556',
      { entity: { name: 'Hidden Limited', type: 'Registered Company Private', status: 'Active', registeredOn: '01/01/2020' } },
      { notFound: true },
    );
    assert.equal(await client.entity('5556', signal()), undefined);
    assert.ok(!(await client.search('Hidden', signal())).some((r) => r.number === '5556'));
    sandbox.remove('104325');
    assert.equal(await client.entity('104325', signal()), undefined, 'a seeded entity the operator removed');
    const dead = new RegistryClient(async () => 'http://127.0.0.1:9', { userAgent: 'test', timeoutMs: 5_000 });
    await assert.rejects(dead.entity('104325', signal()), { code: 'service_unavailable' });
  });
});
