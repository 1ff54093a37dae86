import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readPdfLines } from '../../src/documents/pdf-lines.ts';
import { generateCompanies as cnCompanies } from '../../src/registers/cn/emulator/generator.ts';
import { generateCompanies as mtCompanies } from '../../src/registers/mt/emulator/generator.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';

// The sandbox registers' own documents (MT filings, the CN credit report, the JE profile report) tell one story:
// period end ≤ approval ≤ filing ≤ today, nothing before incorporation or after closure, and a document prints the
// dates its entry in availableDocuments shows. Ids come from the emulators' generators; every date is read from what
// the API answers (the list, the company, the PDF's text).

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "5 March 2025" → 2025-03-05. */
const fromLongDate = (d: string, m: string, y: string) => `${y}-${String(MONTHS.indexOf(m) + 1).padStart(2, '0')}-${d.padStart(2, '0')}`;
/** "2015年03月12日" → 2015-03-12. */
const fromCnDate = (s: string) =>
  s.replace(/^(\d{4})年(\d{1,2})月(\d{1,2})日$/, (_, y, m, d) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`);
/** "12/03/2015" → 2015-03-12. */
const fromJeDate = (s: string) => s.replace(/^(\d{2})\/(\d{2})\/(\d{4})$/, '$3-$2-$1');

describe('sandbox registers’ documents are in chronological order', () => {
  let svc: TestService;
  let key: string;
  const today = () => new Date().toISOString().slice(0, 10);
  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: '4000', RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ credits: 100_000_000 })).apiKey;
  });
  after(() => svc.close());

  const post = async (body: Record<string, unknown>) => {
    const res = await svc.call('POST', '/v2/company', { key, body: { mode: 'onboarding', ...body } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  };
  /** The PDF of a retrieved document as lines of text. */
  const pdfText = async (url: string) => {
    const pdf = await fetch(url);
    assert.equal(pdf.status, 200);
    return (await readPdfLines(new Uint8Array(await pdf.arrayBuffer()))).map((l) =>
      l.runs
        .map((r) => r.text)
        .join(' ')
        .trim(),
    );
  };
  const within = (what: string, date: string, from: string | undefined, to: string) => {
    if (from) assert.ok(date >= from, `${what} dated ${date}, before ${from}`);
    assert.ok(date <= to, `${what} dated ${date}, after ${to}`);
  };

  it('MT: filings within the company’s life, accounts approved after the year and before they were filed, as printed', async () => {
    let accountsRead = 0;
    for (const generated of mtCompanies(60)) {
      const id = generated.company.registrationNumber!.replace(/\s+/g, '');
      const { company, availableDocuments } = await post({ countryCode: 'MT', id, dataPoints: ['company', 'availableDocuments'] });
      const end = company.status?.statusDetails?.closureDate ?? today();
      assert.ok(end <= today(), `${id} closed on ${end}, after today`);
      for (const d of availableDocuments) within(`${id} ${d.name}`, d.date, company.incorporationDate, end);
      // Read every set of accounts of the first companies, and every annual return's year.
      const accounts = availableDocuments.filter((d: any) => d.type === 'financialStatements');
      for (const d of accounts) assert.ok(d.date > `${d.period.year}-12-31`, `${id}: accounts ${d.period.year} filed on ${d.date}`);
      if (accountsRead >= 16 || accounts.length === 0) continue;
      const { documents } = await post({ countryCode: 'MT', id, documents: accounts.map((d: any) => d.id) });
      for (const item of documents.financialStatements) {
        const entry = accounts.find((d: any) => d.id === item.id);
        const text = await pdfText(item.url);
        const filed = text.map((l) => /^Filed on: (\d{4}-\d{2}-\d{2})/.exec(l)?.[1]).find(Boolean);
        assert.equal(filed, entry.date, `${item.id}: the copy says filed on ${filed}, the list ${entry.date}`);
        assert.ok(
          text.some((l) => l === `Statement of financial position as at 31 December ${entry.period.year}`),
          `${item.id}: the statements are not those of ${entry.period.year}`,
        );
        const m = /approved by the board of directors on (\d{1,2}) (\w+) (\d{4})/.exec(text.join(' '));
        assert.ok(m, `${item.id}: no approval date`);
        const approved = fromLongDate(m[1]!, m[2]!, m[3]!);
        assert.ok(approved > `${entry.period.year}-12-31`, `${item.id}: approved ${approved}, before the year ${entry.period.year} ended`);
        assert.ok(approved <= entry.date, `${item.id}: approved ${approved}, after it was filed on ${entry.date}`);
        accountsRead++;
      }
    }
    assert.ok(accountsRead >= 10, `only ${accountsRead} accounts read`);
  });

  it('MT: a stored record’s accounts print the year the list names and an approval between year end and filing', async () => {
    const put = await svc.call('PUT', '/admin/sandbox/MT/companies/C%2080301', {
      admin: true,
      body: {
        record: {
          company: { name: 'EARLY FILER LIMITED', type: 'Limited Liability Company', state: 'Active', registrationDate: '2015-01-10' },
          involvements: [{ role: 'Director', name: 'Maria Borg', isLegalEntity: false }],
          documents: [
            { fileId: 'E-1', date: '2025-01-05', title: 'Annual Accounts', documentYear: 2024 },
            { fileId: 'E-2', date: '2025-06-30', title: 'Financial Statements 2022 (late filing)' },
          ],
        },
      },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const { availableDocuments } = await post({ countryCode: 'MT', id: 'C80301', dataPoints: ['availableDocuments'] });
    const { documents } = await post({ countryCode: 'MT', id: 'C80301', documents: availableDocuments.map((d: any) => d.id) });
    assert.equal(documents.financialStatements.length, 2);
    for (const item of documents.financialStatements) {
      const entry = availableDocuments.find((d: any) => d.id === item.id);
      const text = await pdfText(item.url);
      assert.ok(
        text.some((l) => l === `Statement of financial position as at 31 December ${entry.period.year}`),
        `${item.id}: the list says ${entry.period.year}, the copy ${text.find((l) => l.startsWith('Statement of financial position'))}`,
      );
      const m = /approved by the board of directors on (\d{1,2}) (\w+) (\d{4})/.exec(text.join(' '))!;
      const approved = fromLongDate(m[1]!, m[2]!, m[3]!);
      assert.ok(approved > `${entry.period.year}-12-31` && approved <= entry.date, `${item.id}: approved ${approved}, filed ${entry.date}`);
    }
  });

  it('CN: the credit report’s changes happen between founding and the last approval, the report is dated as listed', async () => {
    let changes = 0;
    for (const generated of cnCompanies(40)) {
      const id = generated.统一社会信用代码!;
      const { availableDocuments } = await post({ countryCode: 'CN', id, dataPoints: ['availableDocuments'] });
      const { documents } = await post({ countryCode: 'CN', id, documents: availableDocuments.map((d: any) => d.id) });
      const item = documents.tradeRegisterExtract;
      const text = await pdfText(item.url);
      const generatedOn = text.map((l) => /^报告生成时间：(.+)$/.exec(l.replace(/\s+/g, ''))?.[1]).find(Boolean);
      assert.equal(fromCnDate(generatedOn ?? ''), item.date, `${id}: the report says it was produced on ${generatedOn}`);
      assert.ok(item.date <= today());
      const row = (label: string) => {
        const line = text.find((l) => l.replace(/\s+/g, '').startsWith(label));
        const value = line?.replace(/\s+/g, '').slice(label.length);
        return value ? fromCnDate(value) : undefined;
      };
      const founded = row('成立日期');
      const approved = row('核准日期');
      assert.ok(founded && approved, `${id}: no 成立日期 or 核准日期`);
      within(`${id} 核准日期`, approved, founded, item.date);
      // The rows of 变更信息 (after its heading): a row number first, the change's date last.
      const changeRows = text.slice(text.findIndex((l) => l.replace(/\s+/g, '').endsWith('、变更信息')));
      const dated = changeRows.flatMap((l) => {
        const m = /^\d+\s.*\s(\d{4}年\d{2}月\d{2}日)$/.exec(l);
        return m ? [fromCnDate(m[1]!)] : [];
      });
      for (const d of dated) {
        within(`${id}: a change`, d, founded, approved);
        changes++;
      }
    }
    assert.ok(changes >= 10, `only ${changes} changes checked`);
  });

  it('JE: the profile report’s dates: directors appointed after registration, the report dated as delivered', async () => {
    const ids = ['104325', '53817', '126540', '4417', '121212', '115820', '130077', '118904', '1204561', '129001'];
    let appointments = 0;
    for (const id of ids) {
      const res = await svc.call('POST', '/v2/company', {
        key,
        body: { countryCode: 'JE', id, mode: 'verification', dataPoints: ['company'], documents: [`JE-REPORT-${id}`] },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const body = await eventually(
        async () => {
          const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
          const all = [
            ...Object.values(r.body.request.dataStatus.dataPoints),
            ...Object.values(r.body.request.dataStatus.documents),
          ] as any[];
          return all.every((e) => e.status === 'succeeded' || e.status === 'failed') && r.body;
        },
        30_000,
        100,
      );
      const item = body.documents.tradeRegisterExtract;
      assert.ok(item, `${id}: no report ${JSON.stringify(body.request.dataStatus)}`);
      const registered = body.company.registrationDate;
      const text = await pdfText(item.url);
      const produced = text.map((l) => /produced (\d{2}\/\d{2}\/\d{4})/.exec(l)?.[1]).find(Boolean);
      assert.equal(fromJeDate(produced ?? ''), item.date, `${id}: the report says it was produced on ${produced}`);
      assert.ok(item.date <= today());
      for (const l of text) {
        const m = /^Appointed On:?\s*(\d{2}\/\d{2}\/\d{4})/i.exec(l);
        if (!m) continue;
        within(`${id}: a director appointed`, fromJeDate(m[1]!), registered, item.date);
        appointments++;
      }
    }
    assert.ok(appointments >= 10, `only ${appointments} appointments checked`);
  });
});
