import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { lazy } from '../../../enrichment/reference/files.ts';

const resolve = createRequire(import.meta.url).resolve;

/**
 * Noto Sans (SIL Open Font License 1.1), shipped by an npm package: the standard PDF fonts lack the Maltese letters
 * ċ, ġ, ħ and ż that names and localities (Ħamrun, Żebbuġ) are full of. Read on first use; pdfkit embeds the
 * glyphs a file uses.
 */
export const NOTO_SANS = {
  regular: lazy(() => readFileSync(resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'))),
  bold: lazy(() => readFileSync(resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'))),
};
