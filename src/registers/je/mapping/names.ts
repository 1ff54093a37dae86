/** Lower case, accents and punctuation gone, & as "and": "Grève-de-Lecq & Co." → "greve de lecq and co". */
export function normaliseName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
