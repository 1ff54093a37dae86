/**
 * Dates of the report: "2015年03月12日" (the portal's own way), also "2015-03-12" or "2015/3/12". Returns
 * YYYY-MM-DD, or undefined for words such as 长期 (no end date) and for anything that is not a real date.
 */
export function parseReportDate(raw: string | undefined): string | undefined {
  const m = /^\s*(\d{4})\s*[年\-/.]\s*(\d{1,2})\s*[月\-/.]\s*(\d{1,2})\s*日?\s*$/.exec(raw ?? '');
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The portal's way of writing a date: 2015年03月12日. */
export function formatReportDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[1]}年${m[2]}月${m[3]}日` : iso;
}
