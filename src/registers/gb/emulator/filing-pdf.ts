import PDFDocument from 'pdfkit';
import { filingDescription } from '../enumerations.ts';
import type { GbFiling, GbProfile } from '../record.ts';

/**
 * The scanned-form stand-in the emulator serves for a filing that has no stored document: as many pages as the
 * filing history says it has (`pages`, the register's count, which the service shows), the first naming the company,
 * the form type, its date and the register's own description of the filing, the others its continuation sheets.
 */
export function renderFilingPdf(profile: GbProfile, number: string, f: GbFiling): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: `${f.type} ${profile.company_name}`,
      Author: 'Companies House (sandbox)',
      CreationDate: new Date(`${f.date}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(`Form ${f.type}`);
  doc.moveDown().font('Helvetica').fontSize(11);
  doc.text(`Company name: ${profile.company_name}`);
  doc.text(`Company number: ${number}`);
  doc.text(`Date: ${f.date}`);
  doc.moveDown().text(filingDescription(f.description, f.description_values) ?? f.description);
  const pages = Math.max(1, f.pages ?? 1);
  doc.moveDown().fontSize(9).text(`Page 1 of ${pages}`);
  for (let page = 2; page <= pages; page++) {
    doc.addPage().font('Helvetica').fontSize(11);
    doc.text(`Form ${f.type}: ${profile.company_name} (${number}), continuation sheet`);
    doc.moveDown().fontSize(9).text(`Page ${page} of ${pages}`);
  }
  doc.end();
  return done;
}
