// A line source for the worker-segment tests: `id<TAB>name<TAB>city<TAB>former name`; a line `fail` throws.
import { encodeAltNames } from './alt-names.ts';
import type { LineSource } from './line-source.ts';

export const lineSource: LineSource = {
  indexRules: () => ({ stopwords: new Set(['ltd', 'limited', 'the']), idNumber: Number }),
  indexedEntityOfLine(line) {
    if (line === 'fail') throw new Error('a line the register cannot read');
    const [id = '', name = '', city = '', former = ''] = line.split('\t');
    return { id, name, fields: [city], altNames: former ? encodeAltNames([{ kind: 'former', name: former }]) : '' };
  },
};
