import { lazy, readReferenceCsv } from './files.ts';

/** An item of NACE Rev. 2 (Eurostat). Codes keep their dots: section `J`, division `62`, group `62.0`, class `62.01`. */
export interface NaceItem {
  code: string;
  /** 1 section, 2 division, 3 group, 4 class. */
  level: 1 | 2 | 3 | 4;
  description: string;
  /** The code one level up; undefined for sections. */
  parent: string | undefined;
  includes: string;
  excludes: string;
}

/** An item of ISIC Rev. 4 (UNSD). Codes have no dots: section `J`, division `62`, group `620`, class `6201`. */
export interface IsicItem {
  code: string;
  level: 1 | 2 | 3 | 4;
  description: string;
  parent: string | undefined;
}

const level = (raw: string | undefined, file: string, code: string): 1 | 2 | 3 | 4 => {
  const n = Number(raw);
  if (n !== 1 && n !== 2 && n !== 3 && n !== 4) throw new Error(`${file}: bad level "${raw}" for ${code}`);
  return n;
};

const load = lazy(() => {
  const nace = new Map<string, NaceItem>();
  for (const r of readReferenceCsv('nace-rev2.csv')) {
    const code = r.Code ?? '';
    nace.set(code, {
      code,
      level: level(r.Level, 'nace-rev2.csv', code),
      description: r.Description ?? '',
      parent: r.Parent || undefined,
      includes: r['This item includes'] ?? '',
      excludes: r['This item excludes'] ?? '',
    });
  }
  const isic = new Map<string, IsicItem>();
  for (const r of readReferenceCsv('isic-rev4.csv')) {
    const code = r.Code ?? '';
    isic.set(code, { code, level: level(r.Level, 'isic-rev4.csv', code), description: r.Description ?? '', parent: r.Parent || undefined });
  }
  // The link is its own file (derived from Eurostat's ISIC reference column), so it is read, not recomputed.
  const link = new Map<string, string>();
  for (const r of readReferenceCsv('nace2-isic4.csv')) {
    const from = r.NACE_Rev2_code ?? '';
    const to = r.ISIC_Rev4_code ?? '';
    if (!nace.has(from) || !isic.has(to)) throw new Error(`nace2-isic4.csv: unknown code in link ${from} -> ${to}`);
    link.set(from, to);
  }
  const classes = [...nace.values()].filter((n) => n.level === 4);
  return { nace, isic, link, classes };
});

/** Accepts `6201` as well as `62.01` for NACE classes and groups, since registers print both. */
function naceKey(code: string): string {
  const c = code.trim().toUpperCase();
  if (/^\d{3,4}$/.test(c)) return `${c.slice(0, 2)}.${c.slice(2)}`;
  return c;
}

export function naceByCode(code: string): NaceItem | undefined {
  return load().nace.get(naceKey(code));
}

/** ISIC Rev. 4 by code; dots are ignored (`62.01` finds `6201`). */
export function isicByCode(code: string): IsicItem | undefined {
  return load().isic.get(code.trim().toUpperCase().replace(/\./g, ''));
}

/** The ISIC Rev. 4 item a NACE Rev. 2 item corresponds to (many-to-one: NACE is finer). */
export function isicForNace(naceCode: string): IsicItem | undefined {
  const to = load().link.get(naceKey(naceCode));
  return to === undefined ? undefined : load().isic.get(to);
}

/** The 615 NACE classes (level 4), in list order. */
export function naceClasses(): readonly NaceItem[] {
  return load().classes;
}

export function naceItems(): readonly NaceItem[] {
  return [...load().nace.values()];
}

export function isicItems(): readonly IsicItem[] {
  return [...load().isic.values()];
}
