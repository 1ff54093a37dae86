import { FrozenText } from './buffers.ts';
import type { SegmentParts } from './segment-parts.ts';
import { TypoIndex } from './typo-index.ts';

const ARRAYS = [
  'byText',
  'isStop',
  'postOff',
  'post',
  'nameOff',
  'nameToks',
  'nameSig',
  'nameEntity',
  'nameKind',
  'nameRepeat',
  'altOf',
  'idNum',
  'idOrder',
] as const;
type ArrayName = (typeof ARRAYS)[number];

interface PostedText {
  buf: Uint8Array;
  offsets: Uint32Array;
}

/**
 * SegmentParts as a worker thread posts them: every typed array and byte buffer moves (transferred, not copied);
 * the vocabulary travels as one UTF-8 buffer, since a structured clone of millions of strings and of the Map of
 * their ids would be deserialised on the receiving thread in one blocking go.
 */
export interface PostedParts {
  arrays: Pick<SegmentParts, ArrayName>;
  /** The tokens joined by `\n` (a token holds only ASCII letters and digits: tokenize). */
  vocabulary: Uint8Array;
  vocabularySize: number;
  stopwords: string[];
  altText: PostedText;
  display: PostedText;
  typoKeys: Float64Array;
}

const utf8 = new TextEncoder();

/** The parts as a message, and the buffers to transfer with it (the parts are unusable here afterwards). */
export function postedParts(parts: SegmentParts): { message: PostedParts; transfer: ArrayBuffer[] } {
  const transfer = new Set<ArrayBuffer>();
  // Only a buffer an array has to itself can move: a small Buffer sits in Node's shared pool, and a view of part of
  // a buffer would take the rest with it. Those are copied (they are small).
  const own = <T extends Uint8Array | Uint32Array | Float64Array>(a: T): T => {
    const whole = a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && a.buffer instanceof ArrayBuffer;
    const moved = whole && !transfer.has(a.buffer as ArrayBuffer) ? a : (a.slice() as T);
    transfer.add(moved.buffer as ArrayBuffer);
    return moved;
  };
  const text = (t: FrozenText): PostedText => ({
    buf: own(new Uint8Array(t.buf.buffer, t.buf.byteOffset, t.buf.byteLength)),
    offsets: own(t.offsets),
  });
  const arrays = Object.fromEntries(ARRAYS.map((k) => [k, own(parts[k])])) as PostedParts['arrays'];
  const message: PostedParts = {
    arrays,
    vocabulary: own(utf8.encode(parts.tokens.join('\n'))),
    vocabularySize: parts.tokens.length,
    stopwords: [...parts.stopwords],
    altText: text(parts.altText),
    display: text(parts.display),
    typoKeys: own(parts.typo.keys),
  };
  return { message, transfer: [...transfer] };
}

/** Tokens cut out and mapped between two breaths of the event loop (a few ms on a busy machine). */
const MAP_SLICE = 25_000;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

const frozen = (t: PostedText) => new FrozenText(Buffer.from(t.buf.buffer, t.buf.byteOffset, t.buf.byteLength), t.offsets);

/**
 * The parts a worker posted, with the tokens and their map rebuilt a slice at a time: the thread that receives them
 * serves requests (splitting and mapping a million words in one go held it for some 100 ms).
 */
export async function receivedParts(m: PostedParts): Promise<SegmentParts> {
  const text = Buffer.from(m.vocabulary.buffer, m.vocabulary.byteOffset, m.vocabulary.byteLength).toString('latin1');
  const tokens: string[] = [];
  const tokenIds = new Map<string, number>();
  let from = 0;
  for (let start = 0; start < m.vocabularySize; start += MAP_SLICE) {
    await breathe();
    const end = Math.min(m.vocabularySize, start + MAP_SLICE);
    for (let i = start; i < end; i++) {
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      const token = text.slice(from, to);
      tokens.push(token);
      tokenIds.set(token, i);
      from = to + 1;
    }
  }
  if (from < text.length) throw new Error(`the posted vocabulary holds more than ${m.vocabularySize} words`);
  return {
    ...m.arrays,
    tokens,
    tokenIds,
    stopwords: new Set(m.stopwords),
    altText: frozen(m.altText),
    display: frozen(m.display),
    typo: TypoIndex.fromKeys(m.typoKeys),
  };
}
