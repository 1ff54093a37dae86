import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { composeReportMail } from '../emulator/mail.ts';
import { Pop3Mailbox } from '../emulator/mailbox.ts';
import { parseMessage } from './message.ts';
import { decodeHeaderWords, decodeQuotedPrintable, encodeQuotedPrintable } from './mime.ts';
import { MailboxBusy, Pop3Session, type MailboxConfig } from './pop3-client.ts';
import { readReportMail } from './report-mail.ts';
import { ReportMailbox } from './report-mailbox.ts';

const signal = () => AbortSignal.timeout(20_000);
const mail = (reference: string, name = 'Harbour View Holdings Limited', number = '104325') =>
  composeReportMail({
    to: 'reports@example.je',
    name,
    number,
    reference,
    link: `http://127.0.0.1:1/registry/reports/${reference.toLowerCase()}-a-token-long-enough-to-be-wrapped-by-quoted-printable-encoding`,
    validUntil: new Date('2026-02-15T00:00:00Z'),
    sentAt: new Date('2026-02-01T10:00:00Z'),
  });

/** Speaks raw POP3, line by line, to check the server's side of RFC 1939 without the client's help. */
async function rawSession(port: number, commands: string[]): Promise<string> {
  const socket = connect({ host: '127.0.0.1', port });
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => (text += d));
  await new Promise((r) => socket.once('connect', r));
  for (const c of commands) {
    const before = text.length;
    socket.write(`${c}\r\n`);
    const multi = /^(CAPA|UIDL|LIST|RETR|TOP)\b/i.test(c) && !/^(UIDL|LIST) \d/i.test(c);
    while (
      !(multi
        ? /\r\n\.\r\n$/.test(text.slice(before)) || /^-ERR/.test(text.slice(before))
        : /\r\n$/.test(text.slice(before)) && text.length > before)
    ) {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  socket.end();
  return text;
}

describe('JE report mailbox: POP3 (RFC 1939) between the emulator and the connector', () => {
  const box = new Pop3Mailbox('reports@example.je');
  let cfg: MailboxConfig;
  before(async () => {
    const { host, port } = await box.start();
    cfg = { host, port, tls: false, user: box.user, password: box.password };
  });
  after(() => box.stop());

  it('logs in, lists, retrieves and deletes; deletions apply only at QUIT', async () => {
    box.deliver(mail('JFSC-R-000001-AAAAAA'));
    box.deliver('Subject: hello\r\n\r\n.a line starting with a dot\r\n..and two\r\n');
    const s = await Pop3Session.open(cfg, signal());
    const list = await s.uidl();
    assert.equal(list.length, 2);
    assert.notEqual(list[0]!.uid, list[1]!.uid);
    const raw = await s.retr(2);
    assert.equal(raw, 'Subject: hello\r\n\r\n.a line starting with a dot\r\n..and two', 'byte-stuffing is undone');
    await s.dele(1);
    s.abort(); // no QUIT: nothing is deleted (RFC 1939 §6)
    await new Promise((r) => setTimeout(r, 50));
    const again = await Pop3Session.open(cfg, signal());
    assert.equal((await again.uidl()).length, 2);
    await again.dele(1);
    await again.dele(2);
    await again.quit();
    assert.equal(box.size, 0);
  });

  it('refuses a wrong password (not retryable) and a second session while the maildrop is locked', async () => {
    await assert.rejects(Pop3Session.open({ ...cfg, password: 'wrong' }, signal()), { code: 'service_unavailable', retryable: false });
    const first = await Pop3Session.open(cfg, signal());
    await assert.rejects(Pop3Session.open(cfg, signal()), (err) => err instanceof MailboxBusy);
    await first.quit();
    await (await Pop3Session.open(cfg, signal())).quit();
    await assert.rejects(Pop3Session.open({ ...cfg, port: 9 }, signal()), { code: 'service_unavailable', retryable: true });
  });

  it('answers the commands of RFC 1939 and CAPA (RFC 2449) on the wire', async () => {
    box.deliver('Subject: one\r\n\r\nbody line 1\r\nbody line 2\r\n');
    const text = await rawSession(cfg.port, [
      'CAPA',
      'STAT',
      `USER ${box.user}`,
      `PASS ${box.password}`,
      'STAT',
      'LIST',
      'UIDL 1',
      'TOP 1 1',
      'RETR 9',
      'NOOP',
      'DELE 1',
      'RETR 1',
      'RSET',
      'QUIT',
    ]);
    const lines = text.split('\r\n');
    assert.match(lines[0]!, /^\+OK /);
    assert.ok(lines.includes('UIDL') && lines.includes('TOP'));
    assert.ok(text.includes('-ERR authenticate first'), 'STAT before login');
    assert.match(text, /\+OK 1 \d+\r\n/);
    assert.match(text, /\+OK 1 messages\r\n1 \d+\r\n\.\r\n/);
    assert.ok(text.includes('+OK top of message follows\r\nSubject: one\r\n\r\nbody line 1\r\n.\r\n'));
    assert.ok(text.includes('-ERR no such message'));
    assert.match(lines[lines.length - 2]!, /^\+OK .*signing off/);
    assert.equal(box.size, 1, 'RSET undid the deletion');
  });

  it('hands each report mail to the order waiting for it and deletes it; other mail stays', async () => {
    const watcher = new ReportMailbox(async () => cfg, 20);
    const start = box.size;
    const waiting = watcher.waitFor('JFSC-R-000002-BBBBBB', signal());
    box.deliver(mail('JFSC-R-000003-CCCCCC'));
    box.deliver(mail('JFSC-R-000002-BBBBBB'));
    const got = await waiting;
    assert.equal(got.orderReference, 'JFSC-R-000002-BBBBBB');
    assert.equal(got.number, '104325');
    for (let i = 0; box.size !== start + 1 && i < 200; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(box.size, start + 1, 'the delivered mail is deleted, the other one stays');
    assert.match(got.link, /\/registry\/reports\/jfsc-r-000002-bbbbbb-a-token-long-enough-to-be-wrapped-by-quoted-printable-encoding$/);
    // A mail read before anyone asked for it is kept for a later waiter.
    assert.equal((await watcher.waitFor('JFSC-R-000003-CCCCCC', signal())).orderReference, 'JFSC-R-000003-CCCCCC');
    const late = new AbortController();
    const pending = watcher.waitFor('JFSC-R-999999-ZZZZZZ', late.signal);
    late.abort(new Error('gave up'));
    await assert.rejects(pending, /gave up/);
  });
});

describe('JE report mail format (RFC 2045/2047)', () => {
  it('round-trips quoted-printable with soft breaks, accents and trailing spaces', () => {
    const text = `Grève de Lecq — ${'x'.repeat(120)} \nline two\t`;
    const encoded = encodeQuotedPrintable(text);
    for (const line of encoded.split('\r\n')) assert.ok(line.length <= 76, line);
    assert.equal(decodeQuotedPrintable(encoded).toString('utf8'), text.replace(/\n/g, '\r\n'));
  });

  it('reads the subject, the plain text and the link of a report mail; ignores other mail', () => {
    const msg = parseMessage(mail('JFSC-R-000004-DDDDDD', 'Grève de Lecq SLP', '1204561'));
    assert.equal(msg.subject, 'Entity profile report: Grève de Lecq SLP (1204561) - Order JFSC-R-000004-DDDDDD');
    assert.match(msg.text, /valid for 14 days, until 15\/02\/2026/);
    assert.deepEqual(readReportMail(msg), {
      orderReference: 'JFSC-R-000004-DDDDDD',
      number: '1204561',
      link: 'http://127.0.0.1:1/registry/reports/jfsc-r-000004-dddddd-a-token-long-enough-to-be-wrapped-by-quoted-printable-encoding',
    });
    assert.equal(decodeHeaderWords('=?ISO-8859-1?Q?Gr=E8ve?= =?UTF-8?B?IGRl?='), 'Grève de');
    assert.equal(readReportMail(parseMessage('Subject: Newsletter\r\n\r\nNothing to see')), undefined);
    // An HTML-only mail still gives its link.
    const html =
      'Subject: Report - Order JFSC-R-5-ABC\r\nContent-Type: text/html\r\n\r\n<a href="https://www.jerseyfsc.org/registry/reports/t0k3n">Download</a>';
    assert.equal(readReportMail(parseMessage(html))?.link, 'https://www.jerseyfsc.org/registry/reports/t0k3n');
  });
});
