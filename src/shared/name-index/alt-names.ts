/** A name an entity is found by besides its current one: a former legal name, or an assumed (trading) name. */
export interface AltName {
  kind: 'former' | 'assumed';
  name: string;
}

/** Alt names as one string, one per line, the kind letter (`F`, `A`) first: millions of entities hold one string each. */
export const encodeAltNames = (alt: readonly AltName[]) => alt.map((a) => (a.kind === 'former' ? 'F' : 'A') + a.name).join('\n');

export function decodeAltNames(text: string): AltName[] {
  if (!text) return [];
  return text.split('\n').map((line) => ({ kind: line[0] === 'A' ? 'assumed' : 'former', name: line.slice(1) }));
}
