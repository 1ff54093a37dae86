import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { lazy } from '../reference/files.ts';

const HAN = /\p{Script=Han}/u;

/**
 * pinyin-pro with our readings, loaded on first use: its dictionaries take most of a second to load, which every
 * service start would otherwise pay, CN or not.
 */
const pinyinPro = lazy(() => {
  const lib = createRequire(import.meta.url)('pinyin-pro') as typeof import('pinyin-pro');
  const readings = z
    .object({ readings: z.record(z.string(), z.string()) })
    .parse(JSON.parse(readFileSync(new URL('./readings.json', import.meta.url), 'utf8'))).readings;
  // pinyin-pro keeps custom readings globally; they are ours alone in this process, so set them once here.
  lib.customPinyin(readings);
  return lib;
});

/** Ideographic punctuation that NFKC leaves alone. */
const PUNCTUATION: Record<string, string> = {
  '。': '.',
  '、': ',',
  '「': '"',
  '」': '"',
  '『': '"',
  '』': '"',
  '《': '"',
  '》': '"',
  '·': ' ',
};

/** True when a string has Chinese characters, i.e. needs romanising. */
export function hasHan(text: string | undefined): boolean {
  return text !== undefined && HAN.test(text);
}

/**
 * Hanyu Pinyin of a text without tone marks, syllables separated by spaces (重庆 → "chong qing"), deterministic.
 * Latin letters and digits are kept as written, full-width forms become ASCII. `person` reads the first character
 * as a surname (单 shan, 曾 zeng). Undefined for a text without Chinese characters: it needs no romanising.
 *
 * Segmentation is "minimum tokenization": pinyin-pro's default (maximum probability) reads 重庆市 in a long address
 * as "zhong qing shi".
 */
export function romanise(text: string | undefined, opts: { person?: boolean } = {}): string | undefined {
  if (!text || !hasHan(text)) return undefined;
  const normal = [...text.normalize('NFKC')].map((c) => PUNCTUATION[c] ?? c).join('');
  const out = pinyinPro().pinyin(normal, {
    toneType: 'none',
    nonZh: 'consecutive',
    segmentit: 3,
    ...(opts.person ? { surname: 'head' as const } : {}),
  });
  return out
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?)\]])/g, '$1')
    .replace(/([([])\s+/g, '$1')
    .replace(/([,;:)])(?=[^\s,.;:)\]])/g, '$1 ')
    .trim();
}
