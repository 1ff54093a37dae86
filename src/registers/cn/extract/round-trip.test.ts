import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateCompanies } from '../emulator/generator.ts';
import { renderReportPdf } from '../emulator/report-pdf.ts';
import { formatReportDate } from '../mapping/dates.ts';
import { statusWordsOfCode } from '../mapping/status.ts';
import { CnRecordSchema, type CnRecord } from '../record.ts';
import { LICENCE_ROWS } from '../labels.ts';
import { extractReport, type ExtractedReport } from './report.ts';
import { pdfLines } from './pdf-text.ts';

const COMPANIES = 40;
const asReportDate = (d: string | undefined) => (d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? formatReportDate(d) : d);

/** What the report should say, field by field, by the same labels the extractor uses. */
function expected(r: CnRecord): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const row of LICENCE_ROWS)
    if (row !== 'REPRESENTATIVE' && row !== 'ADDRESS') out[row] = (r as Record<string, unknown>)[row] as string | undefined;
  for (const k of ['法定代表人', '负责人', '执行事务合伙人', '经营者', '住所', '营业场所', '主要经营场所', '经营场所'] as const)
    if (r[k]) out[k] = r[k];
  for (const k of ['成立日期', '营业期限自', '营业期限至', '核准日期']) out[k] = asReportDate(out[k]);
  out['登记状态'] = statusWordsOfCode(r.登记状态) ?? r.登记状态;
  r.主要人员.forEach((p, i) => Object.assign(out, { [`主要人员.${i}.姓名`]: p.姓名, [`主要人员.${i}.职务`]: p.职务 }));
  r.股东.forEach((s, i) =>
    Object.assign(out, { [`股东.${i}.股东`]: s.股东, [`股东.${i}.股东类型`]: s.股东类型, [`股东.${i}.证照类型`]: s.证照类型 }),
  );
  r.分支机构.forEach((b, i) =>
    Object.assign(out, {
      [`分支机构.${i}.名称`]: b.名称,
      [`分支机构.${i}.统一社会信用代码`]: b.统一社会信用代码,
      [`分支机构.${i}.登记机关`]: b.登记机关,
    }),
  );
  r.变更信息.forEach((c, i) =>
    Object.assign(out, {
      [`变更信息.${i}.变更事项`]: c.变更事项,
      [`变更信息.${i}.变更前内容`]: c.变更前内容,
      [`变更信息.${i}.变更后内容`]: c.变更后内容,
      [`变更信息.${i}.变更日期`]: asReportDate(c.变更日期),
    }),
  );
  for (const k of Object.keys(out)) if (!out[k]) delete out[k];
  return out;
}

function flatten(x: ExtractedReport): Record<string, string> {
  const out: Record<string, string> = { ...x.licence };
  const tables = { 主要人员: x.persons, 股东: x.shareholders, 分支机构: x.branches, 变更信息: x.changes };
  for (const [name, rows] of Object.entries(tables))
    rows.forEach((row, i) => {
      for (const [k, v] of Object.entries(row)) out[`${name}.${i}.${k}`] = v;
    });
  return out;
}

describe('CN credit report PDF round trip', () => {
  it(`extracts every field of ${COMPANIES} generated companies from the rendered PDF's text`, { timeout: 120_000 }, async () => {
    let fields = 0;
    let right = 0;
    const wrong: string[] = [];
    for (const input of generateCompanies(COMPANIES, 'round-trip')) {
      const record = CnRecordSchema.parse(input);
      const got = flatten(await extractReport(await renderReportPdf(record, new Date('2026-01-15T00:00:00Z'))));
      const want = expected(record);
      for (const [k, v] of Object.entries(want)) {
        fields++;
        if (got[k] === v) right++;
        else wrong.push(`${record.企业名称} ${k}: want ${v}, got ${got[k]}`);
      }
      for (const k of Object.keys(got)) if (!(k in want)) wrong.push(`${record.企业名称} ${k}: extra ${got[k]}`);
    }
    const accuracy = right / fields;
    console.log(`field-level extraction accuracy: ${(accuracy * 100).toFixed(2)}% (${right}/${fields} fields of ${COMPANIES} reports)`);
    assert.deepEqual(wrong, []);
  });

  it('embeds the CJK font, and the Chinese labels are in the text of the PDF bytes', async () => {
    const record = CnRecordSchema.parse(generateCompanies(1, 'labels')[0]);
    const pdf = await renderReportPdf(record, new Date('2026-01-15T00:00:00Z'));
    assert.equal(Buffer.from(pdf.subarray(0, 5)).toString(), '%PDF-');
    const raw = Buffer.from(pdf).toString('latin1');
    assert.match(raw, /\/FontFile2/, 'a TrueType font program is embedded');
    assert.match(raw, /NotoSansSC/);
    const text = (await pdfLines(pdf)).map((l) => l.cells.map((c) => c.text).join('')).join('\n');
    for (const label of [
      '企业信用信息公示报告',
      '营业执照信息',
      '统一社会信用代码',
      '企业名称',
      '登记状态',
      '经营范围',
      '主要人员信息',
      '股东及出资信息',
      '分支机构信息',
      '变更信息',
    ]) {
      assert.ok(text.includes(label), label);
    }
    assert.ok(text.includes(record.企业名称));
  });

  it('refuses a PDF that is not a credit report, and bytes that are not a PDF', async () => {
    await assert.rejects(extractReport(new TextEncoder().encode('not a pdf')), { code: 'processing_failed' });
  });
});
