import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ClosureReason, StandardStatus } from '../../../contract/index.ts';
import { lazy } from '../../../enrichment/reference/files.ts';
import { findElf } from '../../../enrichment/reference/legal-forms.ts';

const read = (file: string) => JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')) as unknown;

const Form = z.object({ standardized: z.string(), elfName: z.string().optional() });
const FormsFile = z.object({
  types: z.array(Form.extend({ type: z.string() })),
  subtypes: z.array(Form.extend({ subtype: z.string() })),
});
export interface FormRow {
  standardized: string;
  iso20275Code?: string;
}

/** Company types and subtypes to legal forms; every `elfName` must name a GB row of the ELF list (checked at load). */
export const legalForms = lazy(() => {
  const file = FormsFile.parse(read('legal-forms.json'));
  const row = (f: z.infer<typeof Form>, key: string): FormRow => {
    const code = f.elfName ? findElf({ countryCode: 'GB', localName: f.elfName }) : undefined;
    if (f.elfName && !code) throw new Error(`GB legal-forms.json: "${f.elfName}" (${key}) is not a GB form of the ELF list`);
    return { standardized: f.standardized, ...(code ? { iso20275Code: code } : {}) };
  };
  return {
    types: new Map(file.types.map((t) => [t.type, row(t, t.type)])),
    subtypes: new Map(file.subtypes.map((t) => [t.subtype, row(t, t.subtype)])),
  };
});

const StatusRow = z.object({ code: z.string(), status: StandardStatus, active: z.boolean(), closureReason: ClosureReason.optional() });
export const statusTable = lazy(() => {
  const file = z.object({ statuses: z.array(StatusRow), details: z.array(StatusRow) }).parse(read('statuses.json'));
  return { statuses: new Map(file.statuses.map((s) => [s.code, s])), details: new Map(file.details.map((s) => [s.code, s])) };
});

const countryWords = lazy(
  () => new Map(Object.entries(z.object({ words: z.record(z.string(), z.string()) }).parse(read('countries.json')).words)),
);

/** The alpha-2 code of a nationality or country word as filers type it; undefined when unknown. */
export function countryOf(word: string | undefined): string | undefined {
  if (!word) return undefined;
  const w = word.trim().toLowerCase().replace(/\s+/g, ' ');
  if (/^[a-z]{2}$/.test(w) && w !== 'uk') return w.toUpperCase();
  return countryWords().get(w) ?? countryWords().get(w.split(',')[0]!.trim());
}
