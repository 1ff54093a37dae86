import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Address } from '../../../contract/index.ts';

const PROVINCES = z
  .object({ provinces: z.array(z.object({ name: z.string(), short: z.string(), municipality: z.boolean().optional() })) })
  .parse(JSON.parse(readFileSync(new URL('./provinces.json', import.meta.url), 'utf8'))).provinces;

// A prefecture-level unit: 深圳市, 恩施土家族苗族自治州, 阿里地区, 锡林郭勒盟. Short, so 市场路 in a street is not a city.
const CITY_RE = /^(.{1,8}?(?:市|自治州|地区|盟))/;
// Free-trade zones are written 中国（上海）自由贸易试验区…: the bracketed short name is the province.
const FTZ_RE = /^中国[（(](.{2,3})[）)]/;

/**
 * Splits a Chinese address (住所, 营业场所, 经营场所) into region (province), city and the rest. Chinese addresses
 * run from the largest unit to the smallest, so the parts are prefixes. What cannot be told apart stays in
 * `addressLine1`; the address is always in China.
 */
export function parseAddress(raw: string | undefined): Address {
  const text = raw?.trim().replace(/\s+/g, '') ?? '';
  if (!text) return { countryCode: 'CN' };
  let rest = text;
  let region: string | undefined;
  let city: string | undefined;
  const ftz = FTZ_RE.exec(rest);
  const province = ftz
    ? PROVINCES.find((p) => p.short === ftz[1])
    : (PROVINCES.find((p) => rest.startsWith(p.name)) ?? PROVINCES.find((p) => p.municipality && rest.startsWith(p.short)));
  if (province) {
    region = province.name;
    if (!ftz) rest = rest.slice(rest.startsWith(province.name) ? province.name.length : province.short.length);
    if (province.municipality) city = province.name;
  }
  if (!city) {
    const m = CITY_RE.exec(rest);
    if (m) {
      city = m[1]!;
      rest = rest.slice(city.length);
    }
  }
  return {
    ...(rest ? { addressLine1: rest } : {}),
    ...(city ? { city } : {}),
    ...(region ? { region } : {}),
    countryCode: 'CN',
  };
}
