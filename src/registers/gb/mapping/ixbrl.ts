import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { lazy } from '../../../enrichment/reference/files.ts';
import type { ExtractedAccounts, StatementFigures } from '../../../enrichment/financials/index.ts';

const Rule = z.object({ concept: z.string(), item: z.string(), member: z.string().optional(), unsigned: z.boolean().optional() });
const Concepts = z.object({ incomeStatement: z.array(Rule), balanceSheet: z.array(Rule) });
const concepts = lazy(() => Concepts.parse(JSON.parse(readFileSync(new URL('./ixbrl-concepts.json', import.meta.url), 'utf8'))));

interface Context {
  start?: string;
  end: string;
  members: string[];
}

interface Fact {
  concept: string;
  context: string;
  value: number;
  unit?: string;
}

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim();

function contextsOf(doc: string): Map<string, Context> {
  const out = new Map<string, Context>();
  for (const m of doc.matchAll(/<(?:\w+:)?context\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?context>/gi)) {
    const id = attr(m[1]!, 'id');
    const body = m[2]!;
    const pick = (tag: string) => new RegExp(`<(?:\\w+:)?${tag}>\\s*([0-9-]{10})\\s*<`, 'i').exec(body)?.[1];
    const end = pick('endDate') ?? pick('instant');
    if (!id || !end) continue;
    const start = pick('startDate');
    const members = [...body.matchAll(/<(?:\w+:)?explicitMember\b[^>]*>([^<]+)</gi)].map((x) => localName(x[1]!.trim()));
    out.set(id, { ...(start ? { start } : {}), end, members });
  }
  return out;
}

/** A number as an `ix:nonFraction` shows it, with its format, scale and sign. */
function numberOf(tag: string, inner: string): number | undefined {
  const format = attr(tag, 'format') ?? '';
  const shown = text(inner);
  if (/zerodash|fixed-zero/i.test(format) || /^[-–—]$/.test(shown)) return 0;
  const commaDecimal = /comma-?decimal/i.test(format);
  const digits = commaDecimal ? shown.replace(/[.\s]/g, '').replace(',', '.') : shown.replace(/[,\s]/g, '');
  const n = Number(digits.replace(/[^0-9.]/g, ''));
  if (!Number.isFinite(n) || digits.replace(/[^0-9]/g, '') === '') return undefined;
  const scale = Number(attr(tag, 'scale') ?? '0');
  return (attr(tag, 'sign') === '-' ? -1 : 1) * n * 10 ** scale;
}

function factsOf(doc: string): Fact[] {
  const facts: Fact[] = [];
  for (const m of doc.matchAll(/<ix:nonFraction\b([^>]*)>([\s\S]*?)<\/ix:nonFraction>/gi)) {
    const name = attr(m[1]!, 'name');
    const context = attr(m[1]!, 'contextRef');
    const value = numberOf(m[1]!, m[2]!);
    const unit = attr(m[1]!, 'unitRef');
    if (name && context && value !== undefined) facts.push({ concept: localName(name), context, value, ...(unit ? { unit } : {}) });
  }
  return facts;
}

function unitCurrency(doc: string, unit: string | undefined): string | undefined {
  if (!unit) return undefined;
  const m = new RegExp(`<(?:\\w+:)?unit\\b[^>]*id="${unit}"[^>]*>[\\s\\S]*?iso4217:([A-Z]{3})`, 'i').exec(doc);
  return m?.[1];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** The approval date the accounts tag (DateAuthorisationFinancialStatementsForIssue), ISO or "12 March 2025". */
function approvalDateOf(doc: string): string | undefined {
  const m = /<ix:nonNumeric\b[^>]*name="[\w-]+:DateAuthorisationFinancialStatementsForIssue"[^>]*>([\s\S]*?)<\/ix:nonNumeric>/i.exec(doc);
  if (!m) return undefined;
  const t = text(m[1]!);
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  const d = /^(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})$/.exec(t);
  const month = d ? MONTHS.indexOf(d[2]!.toLowerCase()) + 1 : 0;
  return d && month ? `${d[3]}-${String(month).padStart(2, '0')}-${d[1]!.padStart(2, '0')}` : undefined;
}

/**
 * The figures of a set of accounts filed as inline XBRL, read from its tagged facts (not from the rendered text): the
 * year is the latest period end the facts use, the prior year the period end a year before it. Facts with other
 * dimensions than the table names (a segment, a class of share) are not the company's totals and are skipped.
 * Undefined when no fact of the table is tagged for the year.
 */
export function accountsFromIxbrl(doc: string): ExtractedAccounts | undefined {
  const contexts = contextsOf(doc);
  const facts = factsOf(doc);
  const ends = [...new Set(facts.map((f) => contexts.get(f.context)?.end).filter((e): e is string => !!e))].sort();
  const end = ends.at(-1);
  if (!end) return undefined;
  const priorEnd = ends.filter((e) => e < end && Number(end.slice(0, 4)) - Number(e.slice(0, 4)) === 1).at(-1);
  const figures = (at: string): StatementFigures => {
    const out: StatementFigures = { incomeStatement: {}, balanceSheet: {} };
    for (const [statement, rules] of [
      ['incomeStatement', concepts().incomeStatement],
      ['balanceSheet', concepts().balanceSheet],
    ] as const) {
      for (const rule of rules) {
        if (out[statement][rule.item] !== undefined) continue;
        const fact = facts.find((f) => {
          const c = contexts.get(f.context);
          if (f.concept !== rule.concept || c?.end !== at) return false;
          return rule.member ? c.members.length === 1 && c.members[0] === rule.member : c.members.length === 0;
        });
        if (fact) out[statement][rule.item] = rule.unsigned ? Math.abs(fact.value) : fact.value;
      }
    }
    return out;
  };
  const current = figures(end);
  if (Object.keys(current.incomeStatement).length + Object.keys(current.balanceSheet).length === 0) return undefined;
  const start = [...contexts.values()].find((c) => c.end === end && c.start)?.start;
  const approvalDate = approvalDateOf(doc);
  const currency = unitCurrency(doc, facts.find((f) => f.unit && contexts.get(f.context)?.end === end)?.unit);
  const prior = priorEnd ? figures(priorEnd) : undefined;
  return {
    fiscalYear: { year: Number(end.slice(0, 4)), ...(start ? { startDate: start } : {}), endDate: end },
    ...(approvalDate ? { approvalDate } : {}),
    ...(currency ? { currency } : {}),
    current,
    ...(prior && priorEnd ? { prior: { ...prior, year: Number(priorEnd.slice(0, 4)) } } : {}),
  };
}
