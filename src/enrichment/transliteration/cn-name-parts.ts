import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { lazy } from '../reference/files.ts';

const OfficialName = z.object({ pinyin: z.string(), english: z.string() });

export const glossary = lazy(() =>
  z
    .object({
      legalForms: z.record(z.string(), z.string()),
      terms: z.record(z.string(), z.string()),
      placeSuffixes: z.array(z.string()),
      places: z.array(z.string()),
      officialPlaceNames: z.record(z.string(), z.union([OfficialName, z.string()])),
      placeSuffixPinyin: z.record(z.string(), z.string()),
      legalFormWords: z.array(z.string()),
    })
    .parse(JSON.parse(readFileSync(new URL('./cn-name-terms.json', import.meta.url), 'utf8'))),
);

/** The official romanisation of a place where it is not its plain pinyin (陕西 Shaanxi), else undefined. */
export function officialPlaceName(place: string, form: 'pinyin' | 'english'): string | undefined {
  const entry = glossary().officialPlaceNames[place];
  return typeof entry === 'object' ? entry[form] : undefined;
}

/** Keys by length, longest first, so that 网络科技 wins over 科技 and 股份有限公司 over 有限公司. */
const byLength = (keys: string[]) => [...keys].sort((a, b) => b.length - a.length);

/** A Chinese company name cut into the parts its renderings treat differently. */
export interface CnNameParts {
  /** The leading place (北京), and its administrative suffix when written (市). */
  place?: string;
  placeSuffix?: string;
  /** A district after a place written with its suffix (北京市朝阳区: 朝阳, 区), as sole traders and branches name theirs. */
  district?: string;
  districtSuffix?: string;
  /** The trade name (字号): what is left between the place and the industry terms. */
  trade: string;
  /** Industry and business terms of the glossary, in order (网络科技, 发展). */
  terms: string[];
  /** The legal-form ending (股份有限公司). */
  legalForm?: string;
}

/** Cuts a name into place, trade name, terms and legal form, longest glossary match first. */
export function partsOf(name: string): CnNameParts {
  const g = glossary();
  let rest = name.normalize('NFKC').replace(/\(/g, '（').replace(/\)/g, '）').trim();

  const legalForm = byLength(Object.keys(g.legalForms)).find((k) => rest.endsWith(k));
  if (legalForm) rest = rest.slice(0, -legalForm.length);

  const terms: string[] = [];
  const termKeys = byLength(Object.keys(g.terms));
  for (let found = true; found && rest.length > 1; ) {
    const term = termKeys.find((k) => rest.endsWith(k) && rest.length > k.length);
    found = term !== undefined;
    if (term) {
      terms.unshift(term);
      rest = rest.slice(0, -term.length);
    }
  }

  let place: string | undefined;
  let placeSuffix: string | undefined;
  const placeKey = byLength(g.places).find((p) => rest.startsWith(p) && rest.length > p.length);
  if (placeKey) {
    rest = rest.slice(placeKey.length);
    placeSuffix = byLength(g.placeSuffixes).find((s) => rest.startsWith(s) && rest.length > s.length);
    if (placeSuffix) rest = rest.slice(placeSuffix.length);
    place = placeKey;
  }
  // Only after a suffixed place: 北京智慧社区 is no district 智慧社, but in 北京市朝阳区 the 区 can be nothing else.
  const district = placeSuffix ? /^(\p{Script=Han}{2,3}?)(新区|区|县|旗)(?=.)/u.exec(rest) : null;
  if (district) rest = rest.slice(district[0].length);
  return {
    ...(place ? { place } : {}),
    ...(placeSuffix ? { placeSuffix } : {}),
    ...(district ? { district: district[1]!, districtSuffix: district[2]! } : {}),
    trade: rest,
    terms,
    ...(legalForm ? { legalForm } : {}),
  };
}
