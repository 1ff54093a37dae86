import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Noto Sans SC (SIL Open Font License 1.1), a full TrueType font shipped by an npm package, so `npm ci` is all a
 * machine needs. pdfkit embeds the subset of glyphs a report uses; pdf-lib's subsetting would draw empty boxes
 * for Chinese (DESIGN.md, stack notes). Read once per process: each file is about 10 MB.
 */
const files = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

const cache = new Map<keyof typeof files, Buffer>();

export function cjkFont(weight: keyof typeof files): Buffer {
  let buf = cache.get(weight);
  if (!buf) {
    buf = readFileSync(require.resolve(files[weight]));
    cache.set(weight, buf);
  }
  return buf;
}
