/**
 * Requests generated from the service's own OpenAPI document, for the fuzz test: for each operation, values that
 * fit its schemas mixed with hostile ones (control characters, invalid UTF-8, huge strings and numbers, wrong
 * types, deep nesting, extra and missing properties, unknown enum values, broken path segments, bad cursors and
 * dates, duplicated and array query parameters, wrong or missing credentials). Everything comes from one seeded
 * PRNG, so a seed replays the same requests.
 */

import {
  HOSTILE_CURSORS,
  HOSTILE_NUMBERS,
  HOSTILE_SEGMENTS,
  HOSTILE_STRINGS,
  INVALID_UTF8,
  INVALID_UTF8_BYTES,
  prng,
  type Rng,
} from './fuzz-values.ts';

export interface FuzzRequest {
  /** `METHOD /template` of the operation. */
  operation: string;
  method: string;
  /** Path and query as sent on the wire (already encoded; may be deliberately malformed). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface FuzzTargets {
  apiKey: string;
  adminToken: string;
  /** Values known to exist, by path or query parameter name (e.g. `requestId`), tried beside random ones. */
  known: Record<string, string[]>;
  /**
   * Body properties whose valid values are pinned, by name: an operator call such as a register outage would
   * otherwise make the registers answer 503 to the rest of the run, which is the contract, not a defect.
   */
  pinned?: Record<string, unknown>;
}

type Schema = Record<string, any>;
export function generateRequests(doc: any, targets: FuzzTargets, seed: number, count: number): FuzzRequest[] {
  const rnd = prng(seed);
  const g = new Generator(doc, rnd, targets);
  const operations: { method: string; template: string; op: any; pathItem: any }[] = [];
  for (const [template, pathItem] of Object.entries<any>(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      if (pathItem[method]) operations.push({ method: method.toUpperCase(), template, op: pathItem[method], pathItem });
    }
  }
  const out: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    const { method, template, op, pathItem } = operations[Math.floor(rnd() * operations.length)]!;
    out.push(g.request(method, template, op, [...(pathItem.parameters ?? []), ...(op.parameters ?? [])], doc.security));
  }
  return out;
}

class Generator {
  constructor(
    private readonly doc: any,
    private readonly rnd: Rng,
    private readonly targets: FuzzTargets,
  ) {}

  private chance(p: number): boolean {
    return this.rnd() < p;
  }
  private int(lo: number, hi: number): number {
    return lo + Math.floor(this.rnd() * (hi - lo + 1));
  }
  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rnd() * items.length)] as T;
  }

  private resolve(schema: Schema | undefined): Schema {
    let s = schema ?? {};
    for (let i = 0; s.$ref && i < 20; i++)
      s = s.$ref
        .split('/')
        .slice(1)
        .reduce((node: any, key: string) => node[key], this.doc);
    return s;
  }

  request(method: string, template: string, op: any, params: any[], globalSecurity: any): FuzzRequest {
    const headers: Record<string, string> = {};
    this.auth(headers, op.security ?? globalSecurity ?? []);

    let path = template.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      const p = params.find((x) => x.in === 'path' && x.name === name);
      return this.pathSegment(name, p?.schema);
    });
    if (this.chance(0.03)) path = this.pick([`${path}/`, `${path}//`, `${path}/..`, `${path}/extra`, path.toUpperCase()]);

    const query: string[] = [];
    for (const p of params.filter((x) => x.in === 'query')) {
      if (!p.required && this.chance(0.5)) continue;
      if (p.required && this.chance(0.05)) continue; // missing required parameter
      const value = this.queryValue(p.name, p.schema);
      query.push(...value.map((v) => `${encodeURIComponent(p.name)}=${v}`));
    }
    if (this.chance(0.1))
      query.push(`${this.pick(['unknown', 'first[]', '__proto__', 'a%00', '%', '&&', '='])}=${this.pick(['1', '', '%zz'])}`);
    if (query.length) path += `?${query.join('&')}`;

    for (const p of params.filter((x) => x.in === 'header')) {
      if (this.chance(0.6)) continue;
      headers[p.name] = this.chance(0.7) ? `fuzz-${this.int(0, 1e9)}` : this.pick(['', 'x'.repeat(300), 'a b\tc', '%00', 'caf\u00e9']);
    }

    let body: Buffer | undefined;
    const content = op.requestBody?.content?.['application/json'];
    if (content || this.chance(0.03)) {
      body = this.body(content?.schema);
      headers['content-type'] = this.chance(0.95)
        ? 'application/json'
        : this.pick(['text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'application/jsonx']);
      if (this.chance(0.02)) delete headers['content-type'];
    }
    return { operation: `${method} ${template}`, method, path, headers, body };
  }

  private auth(headers: Record<string, string>, security: any[]): void {
    const schemes = security.flatMap((s: any) => Object.keys(s));
    const roll = this.rnd();
    if (roll < 0.85) {
      if (schemes.includes('adminToken')) headers.authorization = `Bearer ${this.targets.adminToken}`;
      else if (schemes.includes('apiKey')) headers['x-api-key'] = this.targets.apiKey;
    } else if (roll < 0.9) {
      // nothing: missing credentials
    } else if (roll < 0.95) {
      headers['x-api-key'] = this.pick(['wrong', 'x'.repeat(300), `${this.targets.apiKey}x`, this.targets.adminToken, ' ']);
    } else {
      headers.authorization = this.pick(['Bearer wrong', 'Bearer ', 'Basic Zm9vOmJhcg==', `Bearer ${this.targets.apiKey}`, 'Bearer']);
    }
  }

  private pathSegment(name: string, schema: Schema | undefined): string {
    const roll = this.rnd();
    const known = this.targets.known[name] ?? [];
    if (roll < 0.35 && known.length) return encode(this.pick(known));
    if (roll < 0.7) return encode(String(this.valid(schema, 0)));
    return this.pick(HOSTILE_SEGMENTS);
  }

  /** Encoded value(s) of a query parameter: one normally, several when the parameter is repeated. */
  private queryValue(name: string, schema: Schema | undefined): string[] {
    const known = this.targets.known[name] ?? [];
    const roll = this.rnd();
    let value: string;
    if (roll < 0.3 && known.length) value = encode(this.pick(known));
    else if (roll < 0.65) value = encode(String(this.valid(schema, 0)));
    else if (roll < 0.75 && name === 'after') value = encode(this.pick(HOSTILE_CURSORS));
    else if (roll < 0.9) value = encode(this.hostileString());
    else value = this.pick(['%', '%zz', '%00', '%E0%A4%A', '%FF', '%ED%A0%80', '1e999', '-1', '1.5', '9'.repeat(40), '', '+']);
    if (this.chance(0.05)) return [value, value === '1' ? '2' : '1'];
    return [value];
  }

  private hostileString(): string {
    return this.pick(HOSTILE_STRINGS);
  }

  private body(schema: Schema | undefined): Buffer {
    const roll = this.rnd();
    if (roll < 0.05) {
      return Buffer.from(
        this.pick(['', '{', 'null', '[]', '"x"', '1e999', '{"a":1,"a":2}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}']),
      );
    }
    if (roll < 0.08) return Buffer.from(deepNesting(this.int(100, 20_000), this.chance(0.5)));
    const value = roll < 0.4 ? this.valid(schema, 0) : this.mutate(schema, 0);
    const text = JSON.stringify(value) ?? 'null';
    const parts = text.split(INVALID_UTF8);
    return Buffer.concat(parts.flatMap((p, i) => (i === 0 ? [Buffer.from(p)] : [INVALID_UTF8_BYTES, Buffer.from(p)])));
  }

  /** A value that fits the schema (as far as a generator without a regex engine can tell). */
  valid(schema: Schema | undefined, depth: number): unknown {
    const s = this.resolve(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum) return this.pick(s.enum);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) return this.valid(this.pick(alternatives), depth);
    if (s.allOf) return Object.assign({}, ...s.allOf.map((x: Schema) => this.valid(x, depth)));
    const type = Array.isArray(s.type) ? this.pick(s.type.filter((t: string) => t !== 'null')) : s.type;
    switch (type) {
      case 'string':
        return this.validString(s);
      case 'integer':
      case 'number': {
        const lo = Math.max(s.minimum ?? 0, s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -Infinity);
        const hi = Math.min(s.maximum ?? lo + 1000, lo + 1000);
        if (this.chance(0.1) && s.maximum !== undefined) return s.maximum; // the boundary itself
        return this.int(lo, Math.max(lo, hi));
      }
      case 'boolean':
        return this.chance(0.5);
      case 'null':
        return null;
      case 'array': {
        if (depth > 6) return [];
        const n = this.int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3));
        return Array.from({ length: n }, () => this.valid(s.items, depth + 1));
      }
      case 'object':
        return this.validObject(s, depth);
      default:
        if (s.properties) return this.validObject(s, depth);
        return this.pick(['x', 1, true, null]);
    }
  }

  private validString(s: Schema): string {
    if (s.format === 'uri') return this.pick(['http://127.0.0.1:9/hook', 'https://example.com/webhooks', 'http://localhost:1/x']);
    if (s.format === 'date') return '2024-02-29';
    if (s.format === 'date-time') return new Date(Date.UTC(2024, 0, this.int(1, 28))).toISOString();
    if (s.format === 'email') return `fuzz${this.int(0, 1e6)}@example.com`;
    if (s.pattern && /TEST/.test(s.pattern)) return `TEST:FUZZ${this.int(0, 1000)}`;
    const min = s.minLength ?? 0;
    const max = Math.min(s.maxLength ?? 24, Math.max(min, 24));
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let out = '';
    for (let n = this.int(Math.max(min, 1), Math.max(min, max)); out.length < n; ) out += alphabet[this.int(0, alphabet.length - 1)];
    return out;
  }

  private validObject(s: Schema, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (depth > 6) return out;
    const required: string[] = s.required ?? [];
    for (const [name, prop] of Object.entries<Schema>(s.properties ?? {})) {
      if (!required.includes(name) && this.chance(0.5)) continue;
      out[name] = this.targets.pinned && name in this.targets.pinned ? this.targets.pinned[name] : this.valid(prop, depth + 1);
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      for (let i = this.int(0, 3); i > 0; i--) out[`k${this.int(0, 99)}`] = this.valid(s.additionalProperties, depth + 1);
    }
    return out;
  }

  /** A value of the schema's shape with one or more hostile changes. */
  private mutate(schema: Schema | undefined, depth: number): unknown {
    const s = this.resolve(schema);
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives && !s.type) return this.mutate(this.pick(alternatives), depth);
    const isObject = s.type === 'object' || s.properties;
    if (isObject && depth < 6 && this.chance(0.8)) {
      const out = this.validObject(s, depth) as Record<string, any>;
      const names = Object.keys(s.properties ?? {}).filter((n) => !(this.targets.pinned && n in this.targets.pinned));
      const action = this.rnd();
      if (action < 0.15 && s.required?.length) delete out[this.pick(s.required as string[])];
      else if (action < 0.3) out[this.pick(['extra', '__proto__', 'constructor', '', 'a'.repeat(200), '\u0001'])] = this.hostileValue();
      else if (names.length) {
        const name = this.pick(names);
        out[name] = this.mutate(s.properties[name], depth + 1);
        if (this.chance(0.3)) out[this.pick(names)] = this.hostileValue();
      }
      return out;
    }
    if (s.type === 'array' && depth < 6 && this.chance(0.6)) {
      const n = this.chance(0.2) ? (s.maxItems ?? 10) + 1 : this.int(1, 3);
      return Array.from({ length: Math.min(n, 2000) }, () =>
        this.chance(0.5) ? this.mutate(s.items, depth + 1) : this.valid(s.items, depth + 1),
      );
    }
    if (s.enum && this.chance(0.5)) return this.pick([`${s.enum[0]}x`, String(s.enum[0]).toLowerCase(), '', 'UNKNOWN', 0]);
    if ((s.type === 'integer' || s.type === 'number') && this.chance(0.6)) {
      const near = [s.minimum !== undefined ? s.minimum - 1 : -1, s.maximum !== undefined ? s.maximum + 1 : 2 ** 53];
      return this.pick([...HOSTILE_NUMBERS, ...near]);
    }
    return this.hostileValue();
  }

  private hostileValue(): unknown {
    const roll = this.rnd();
    if (roll < 0.45) return this.hostileString();
    if (roll < 0.6) return this.pick(HOSTILE_NUMBERS);
    if (roll < 0.7) return this.pick([null, true, false, [], {}, [[]], [null], { a: { b: {} } }]);
    if (roll < 0.8) return JSON.parse(deepNesting(this.int(10, 2_000), this.chance(0.5)));
    if (roll < 0.9) return Array.from({ length: this.int(100, 3_000) }, (_, i) => `v${i}`);
    return Object.fromEntries(Array.from({ length: this.int(50, 2_000) }, (_, i) => [`k${i}`, i]));
  }
}

/** Percent-encoding that also sends lone surrogates, as the three bytes they would be (not UTF-8, on purpose). */
function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
        : encodeURIComponent(ch);
  }
  return out;
}

/** `[[[…]]]` or `{"a":{"a":…}}`, `depth` levels deep. */
function deepNesting(depth: number, objects: boolean): string {
  return objects ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);
}
