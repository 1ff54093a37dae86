import { glossary } from './cn-name-parts.ts';
import { normalise, placeWords } from './cn-words.ts';

/** A rendered part of a name and how many characters of the name it stands for. */
export interface RenderedPart {
  text: string;
  chars: number;
}

/**
 * Renders a name whose bracketed parts (a place, a branch: 华为技术（深圳）有限公司) are set aside, written as places in
 * ASCII parentheses and put back after the part whose characters they followed; a legal form's own brackets
 * (合伙企业（有限合伙）) stay with it. `render` renders the name without them; undefined when it renders nothing.
 */
export function withAsides(name: string, render: (plain: string) => RenderedPart[] | undefined): string | undefined {
  const text = normalise(name).trim();
  const formWithBrackets = Object.keys(glossary().legalForms).find(
    (k) => k.includes('（') && text.endsWith(k.replace(/（/g, '(').replace(/）/g, ')')),
  );
  const body = formWithBrackets ? text.slice(0, -formWithBrackets.length) : text;
  const asides: { at: number; words: string }[] = [];
  let plain = '';
  for (const piece of body.split(/(\([^()]*\))/)) {
    if (/^\(.*\)$/.test(piece))
      asides.push({ at: [...plain].length, words: `(${placeWords(piece.slice(1, -1)) ?? piece.slice(1, -1).trim()})` });
    else plain += piece;
  }
  const parts = render(plain + (formWithBrackets ?? ''));
  if (!parts) return undefined;
  const out: string[] = [];
  let done = 0;
  const flush = () => {
    while (asides[0] && asides[0].at <= done) out.push(asides.shift()!.words);
  };
  flush();
  for (const p of parts) {
    if (p.text) out.push(p.text);
    done += p.chars;
    flush();
  }
  return [...out, ...asides.map((a) => a.words)].join(' ');
}
