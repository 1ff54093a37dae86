import PDFDocument from 'pdfkit';
import { formatReportDate } from '../mapping/dates.ts';
import { statusWordsOfCode } from '../mapping/status.ts';
import { LICENCE_ROWS, NO_DATA, REPORT_TITLE, SECTIONS, TABLE_COLUMNS } from '../labels.ts';
import { addressOf, representativeOf, type CnRecord } from '../record.ts';
import { cjkFont } from './fonts.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 30; // room for the footer
const PAD = 4;
const LABEL_WIDTH = 110;
const FONT_SIZE = 9.5;

/** Column widths of each table, in points (they add up to the content width). */
const WIDTHS: Record<keyof typeof TABLE_COLUMNS, number[]> = {
  persons: [40, 200, 255.28],
  shareholders: [40, 110, 215.28, 130],
  branches: [40, 140, 185.28, 130],
  changes: [40, 85, 140, 140, 90.28],
};

const SECTION_NUMBERS = ['一', '二', '三', '四', '五'];

/** A date of the record in the report's way (2015年03月12日), whichever way the operator wrote it. */
const reportDate = (d: string | undefined) => (d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? formatReportDate(d) : d);

/** The value of each row of 营业执照信息, in order; rows without a value print empty, as the portal does. */
function licenceRows(r: CnRecord): [string, string][] {
  const rep = representativeOf(r);
  const addr = addressOf(r);
  const status = statusWordsOfCode(r.登记状态) ?? r.登记状态;
  const values: Record<string, string | undefined> = {
    统一社会信用代码: r.统一社会信用代码,
    企业名称: r.企业名称,
    类型: r.类型,
    注册资本: r.注册资本,
    成立日期: reportDate(r.成立日期),
    营业期限自: reportDate(r.营业期限自),
    营业期限至: reportDate(r.营业期限至),
    登记机关: r.登记机关,
    核准日期: reportDate(r.核准日期),
    登记状态: status,
    经营范围: r.经营范围,
  };
  return LICENCE_ROWS.map((row): [string, string] => {
    if (row === 'REPRESENTATIVE') return [rep.label, rep.name ?? ''];
    if (row === 'ADDRESS') return [addr.label, addr.address ?? ''];
    return [row, values[row] ?? ''];
  });
}

function tableRows(r: CnRecord): Record<keyof typeof TABLE_COLUMNS, string[][]> {
  return {
    persons: r.主要人员.map((p) => [p.姓名, p.职务]),
    shareholders: r.股东.map((s) => [s.股东类型, s.股东, s.证照类型 ?? '']),
    branches: r.分支机构.map((b) => [b.统一社会信用代码 ?? '', b.名称, b.登记机关 ?? '']),
    changes: r.变更信息.map((c) => [c.变更事项, c.变更前内容 ?? '', c.变更后内容 ?? '', reportDate(c.变更日期) ?? '']),
  };
}

/**
 * Renders a company's credit report as the portal lays it out (registers/cn.md): the title, the company, then
 * 营业执照信息 as a label/value table and the tables of 主要人员信息, 股东及出资信息, 分支机构信息 and 变更信息, with
 * page numbers. A real PDF with the CJK font embedded, so that it displays Chinese on any viewer.
 */
export function renderReportPdf(record: CnRecord, generatedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${REPORT_TITLE} - ${record.企业名称}`,
      Author: '国家企业信用信息公示系统（沙箱）',
      Creator: 'registrum CN portal emulator',
      Producer: 'registrum',
      CreationDate: generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', cjkFont('regular'));
  doc.registerFont('cjk-bold', cjkFont('bold'));

  doc.font('cjk-bold').fontSize(20).text(REPORT_TITLE, { align: 'center' });
  doc.moveDown(0.6).font('cjk').fontSize(11).text(record.企业名称, { align: 'center' });
  if (record.统一社会信用代码)
    doc.fontSize(9).fillColor('#444444').text(`统一社会信用代码：${record.统一社会信用代码}`, { align: 'center' });
  doc
    .fontSize(9)
    .fillColor('#444444')
    .text(`报告生成时间：${formatReportDate(generatedAt.toISOString().slice(0, 10))}`, { align: 'center' });
  doc.fillColor('#000000');
  let y = doc.y + 14;

  const heading = (i: number, title: string) => {
    if (y + 60 > BOTTOM) y = newPage(doc);
    doc.font('cjk-bold').fontSize(12).fillColor('#8b0000').text(`${SECTION_NUMBERS[i]}、${title}`, PAGE.margin, y);
    doc.fillColor('#000000');
    y = doc.y + 6;
  };

  heading(0, SECTIONS.licence);
  doc.font('cjk').fontSize(FONT_SIZE);
  for (const [label, value] of licenceRows(record)) {
    const valueWidth = CONTENT_WIDTH - LABEL_WIDTH - 2 * PAD;
    const h =
      Math.max(doc.heightOfString(value || ' ', { width: valueWidth }), doc.heightOfString(label, { width: LABEL_WIDTH - 2 * PAD })) +
      2 * PAD;
    if (y + h > BOTTOM) y = newPage(doc);
    doc.rect(PAGE.margin, y, LABEL_WIDTH, h).fillAndStroke('#f2f2f2', '#999999');
    doc.rect(PAGE.margin + LABEL_WIDTH, y, CONTENT_WIDTH - LABEL_WIDTH, h).stroke('#999999');
    doc
      .fillColor('#000000')
      .font('cjk-bold')
      .text(label, PAGE.margin + PAD, y + PAD, { width: LABEL_WIDTH - 2 * PAD });
    if (value) doc.font('cjk').text(value, PAGE.margin + LABEL_WIDTH + PAD, y + PAD, { width: valueWidth });
    y += h;
  }

  const rows = tableRows(record);
  (['persons', 'shareholders', 'branches', 'changes'] as const).forEach((key, i) => {
    y += 16;
    heading(i + 1, SECTIONS[key]);
    y = drawTable(doc, y, TABLE_COLUMNS[key], WIDTHS[key], rows[key]);
  });

  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    doc.font('cjk').fontSize(8).fillColor('#666666');
    // Writing below the bottom margin would make pdfkit add a page; lift the margin while writing the footer.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(`第 ${p + 1} 页，共 ${range.count} 页`, PAGE.margin, PAGE.height - PAGE.margin, { width: CONTENT_WIDTH, align: 'center' });
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return done;
}

function newPage(doc: PDFKit.PDFDocument): number {
  doc.addPage();
  return PAGE.margin;
}

/** One table: a shaded header row (repeated after a page break), then one row per entry with 序号, or 暂无数据. */
function drawTable(doc: PDFKit.PDFDocument, top: number, columns: readonly string[], widths: number[], rows: string[][]): number {
  let y = top;
  const header = () => {
    const h = FONT_SIZE + 2 * PAD + 4;
    let x = PAGE.margin;
    doc.font('cjk-bold').fontSize(FONT_SIZE);
    columns.forEach((c, i) => {
      doc.rect(x, y, widths[i]!, h).fillAndStroke('#e8e8e8', '#999999');
      doc.fillColor('#000000').text(c, x + PAD, y + PAD, { width: widths[i]! - 2 * PAD });
      x += widths[i]!;
    });
    y += h;
    doc.font('cjk');
  };
  header();
  if (rows.length === 0) {
    const h = FONT_SIZE + 2 * PAD + 4;
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, h).stroke('#999999');
    doc.text(NO_DATA, PAGE.margin, y + PAD, { width: CONTENT_WIDTH, align: 'center' });
    return y + h;
  }
  rows.forEach((row, n) => {
    const cells = [String(n + 1), ...row];
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i]! - 2 * PAD }))) + 2 * PAD;
    if (y + h > BOTTOM) {
      y = newPage(doc);
      header();
    }
    let x = PAGE.margin;
    cells.forEach((c, i) => {
      doc.rect(x, y, widths[i]!, h).stroke('#999999');
      if (c) doc.fillColor('#000000').text(c, x + PAD, y + PAD, { width: widths[i]! - 2 * PAD });
      x += widths[i]!;
    });
    y += h;
  });
  return y;
}
