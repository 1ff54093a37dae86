import { romanise } from './pinyin.ts';

/** Double surnames (复姓) still in use: without them 欧阳修 would read as surname 欧 and given name 阳修. */
const COMPOUND_SURNAMES = [
  '欧阳',
  '司马',
  '上官',
  '诸葛',
  '东方',
  '皇甫',
  '尉迟',
  '公孙',
  '慕容',
  '令狐',
  '宇文',
  '长孙',
  '夏侯',
  '司徒',
  '端木',
];

/** A Chinese personal name: Han characters only, two to four of them (a surname of one or two, a given name). */
const HAN_NAME = /^\p{Script=Han}{2,4}$/u;

const word = (syllables: string[]) => syllables.join('').replace(/^[a-z]/, (c) => c.toUpperCase());

/**
 * A person's name as GB/T 16159-2012 §6.1.1 writes it: surname and given name as two words, each capitalised,
 * syllables joined (张三丰 → "Zhang Sanfeng", 欧阳修 → "Ouyang Xiu"). Undefined for anything else (a Latin name, a
 * minority name written with ·): the caller falls back to plain syllables.
 */
export function personNameOf(name: string): string | undefined {
  const text = name.normalize('NFKC').trim();
  if (!HAN_NAME.test(text)) return undefined;
  const syllables = romanise(text, { person: true })?.split(' ') ?? [];
  // romanise gives one syllable per character for an all-Han text; anything else is not a name we can cut.
  if (syllables.length !== text.length) return undefined;
  const surname = COMPOUND_SURNAMES.some((s) => text.startsWith(s)) && text.length > 2 ? 2 : 1;
  return `${word(syllables.slice(0, surname))} ${word(syllables.slice(surname))}`;
}

/** One part of a split name (a surname alone, a given name alone) as one capitalised word: 三丰 → "Sanfeng". */
export function personNamePartOf(part: string, opts: { surname: boolean }): string | undefined {
  const text = part.normalize('NFKC').trim();
  if (!/^\p{Script=Han}{1,3}$/u.test(text)) return undefined;
  const syllables = romanise(text, opts.surname ? { person: true } : {})?.split(' ') ?? [];
  return syllables.length === text.length ? word(syllables) : undefined;
}
