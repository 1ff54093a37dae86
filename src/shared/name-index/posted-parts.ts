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
  /** The tokens joined by `\n` (a token holds only letters and digits). */
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

/** Token ids mapped between two breaths of the event loop (some 10 ms). */
const MAP_SLICE = 100_000;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

const frozen = (t: PostedText) => new FrozenText(Buffer.from(t.buf.buffer, t.buf.byteOffset, t.buf.byteLength), t.offsets);

/** The parts a worker posted, with the token map rebuilt a slice at a time: the thread that receives them serves requests. */
export async function receivedParts(m: PostedParts): Promise<SegmentParts> {
  const tokens = m.vocabularySize
    ? Buffer.from(m.vocabulary.buffer, m.vocabulary.byteOffset, m.vocabulary.byteLength).toString('utf8').split('\n')
    : [];
  if (tokens.length !== m.vocabularySize) throw new Error(`the posted vocabulary holds ${tokens.length} words, not ${m.vocabularySize}`);
  const tokenIds = new Map<string, number>();
  for (let start = 0; start < tokens.length; start += MAP_SLICE) {
    const end = Math.min(tokens.length, start + MAP_SLICE);
    for (let i = start; i < end; i++) tokenIds.set(tokens[i]!, i);
    if (end < tokens.length) await breathe();
  }
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
