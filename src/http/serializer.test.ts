import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializerCompiler } from './serializer.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as never;
const compiled = (schema: z.ZodType, verify = false) => compiledSerializerCompiler({ verify })(route(schema));
const viaZod = (schema: z.ZodType) => serializerCompiler(route(schema)) as (data: unknown) => string;

const Company = z.object({
  id: z.string(),
  name: z.string().nullable(),
  founded: z.string().optional(),
  officers: z.array(z.object({ name: z.string(), role: z.enum(['director', 'secretary']) })),
  identifiers: z.record(z.string(), z.string()),
  cost: z.number(),
});

describe('the compiled response serialiser', () => {
  it('writes the JSON zod writes: the schema’s fields only, in the schema’s order', () => {
    const data = {
      cost: 50,
      internal: 'not in the schema',
      officers: [{ role: 'director', name: 'Ada', since: 2001 }],
      identifiers: { vat: 'GB123', lei: 'X' },
      name: null,
      id: 'c1',
    };
    const text = compiled(Company)(data);
    assert.deepEqual(JSON.parse(text), JSON.parse(viaZod(Company)(data)));
    assert.equal(
      text,
      '{"id":"c1","name":null,"officers":[{"name":"Ada","role":"director"}],"identifiers":{"vat":"GB123","lei":"X"},"cost":50}',
    );
  });

  it('leaves to zod what it cannot write: a union’s branch given fields beyond its own', () => {
    const Either = z.object({ u: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]) });
    const data = { u: { b: 2, a: 1 } };
    assert.equal(compiled(Either)(data), viaZod(Either)(data));
    assert.equal(compiled(Either)(data), '{"u":{"b":2}}');
  });

  it('checking (the suite): a response that does not match its schema is refused, where alone it would be coerced', () => {
    const Named = z.object({ name: z.string() });
    assert.equal(compiled(Named)({ name: 5 }), '{"name":"5"}');
    assert.throws(() => compiled(Named, true)({ name: 5 }), /doesn't match the schema/);
    assert.equal(compiled(Named, true)({ name: 'Ada', extra: true }), '{"name":"Ada"}');
  });
});
