import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createRegistrumClient, type RegistrumClient } from '../index.ts';
import { isSettled } from '../wait.ts';
import { ingestUsNy } from './ingest.ts';
import { listen } from './listen.ts';
import { EXIT, exitCodeOf, table, UsageError } from './output.ts';

const USAGE = `registrum <command> [options]

  search <query> --country CC                     search a register
  company <id> --country CC [--mode onboarding|verification] [--data company,shareholders,…] [--no-wait]
  documents get <companyId> <documentId> --country CC [--out FILE]
  monitors list | create <companyId> --country CC | get <id> | delete <id> | logs <id>
  webhooks listen [--forward-to URL] [--listen-host 127.0.0.1] [--public-url URL]
  pricing --country CC
  accounts create --name NAME [--credits N] [--us-ny]   (operator: --admin-token)
  us-ny ingest FILE [--names FILE] [--service-dir DIR]  (operator, in a registrum checkout: applies a US-NY snapshot
                                                         to the store of DATABASE_URL / DATA_DIR, with progress)

  --url URL (REGISTRUM_URL, default http://127.0.0.1:8080)   --key KEY (REGISTRUM_API_KEY)
  --admin-token TOKEN (REGISTRUM_ADMIN_TOKEN)   --json (the API's JSON instead of tables)

Exit codes: 0 ok, 2 usage, 3 invalid request, 4 unauthorized, 5 insufficient funds, 6 not found,
7 rate limited or unavailable, 8 not supported or processing failed, 9 network error, 1 anything else.`;

const OPTIONS = {
  url: { type: 'string' },
  key: { type: 'string' },
  'admin-token': { type: 'string' },
  json: { type: 'boolean' },
  country: { type: 'string' },
  mode: { type: 'string' },
  data: { type: 'string' },
  'no-wait': { type: 'boolean' },
  out: { type: 'string' },
  'forward-to': { type: 'string' },
  'listen-host': { type: 'string' },
  'public-url': { type: 'string' },
  name: { type: 'string' },
  credits: { type: 'string' },
  'us-ny': { type: 'boolean' },
  names: { type: 'string' },
  'service-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  signal: AbortSignal;
}

/** Runs one command line; returns the exit code. */
export async function run(argv: string[], io: Io): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (err) {
    const code = exitCodeOf(err);
    const e = err as { message?: string; code?: string; details?: string[]; requestId?: string };
    if (code === EXIT.usage) io.err(`${e.message}\n\n${USAGE}`);
    else
      io.err(
        `error: ${e.code ? `${e.code}: ` : ''}${e.message}${e.details?.length ? `\n  ${e.details.join('\n  ')}` : ''}${e.requestId ? `\n  (x-request-id ${e.requestId})` : ''}`,
      );
    return code;
  }
}

async function dispatch(argv: string[], io: Io): Promise<number> {
  const parsed = (() => {
    try {
      return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (err) {
      throw new UsageError(err instanceof Error ? err.message : String(err));
    }
  })();
  const {
    values: o,
    positionals: [command, ...args],
  } = parsed;
  if (o.help || !command) {
    io.out(USAGE);
    return command || o.help ? EXIT.ok : EXIT.usage;
  }
  const client = createRegistrumClient({
    baseUrl: o.url ?? io.env.REGISTRUM_URL ?? 'http://127.0.0.1:8080',
    apiKey: o.key ?? io.env.REGISTRUM_API_KEY,
    adminToken: o['admin-token'] ?? io.env.REGISTRUM_ADMIN_TOKEN,
  });
  const print = (value: unknown, rows: () => string) => io.out(o.json ? JSON.stringify(value, null, 2) : rows());
  const country = () => {
    if (!o.country) throw new UsageError('--country is required (e.g. --country TEST)');
    return o.country as never;
  };
  const arg = (i: number, what: string) => {
    const v = args[i];
    if (!v) throw new UsageError(`missing ${what}`);
    return v;
  };

  switch (command) {
    case 'search': {
      const results = await client.search({ country: country(), query: arg(0, 'the query') });
      print(results, () => table(results as never, ['id', 'legalName', 'status', 'matchType']));
      return EXIT.ok;
    }
    case 'pricing': {
      const pricing = await client.pricing({ countryCode: country() });
      const rows = Object.entries(pricing.datapoints ?? {}).map(([datapoint, p]) => ({
        datapoint,
        ...p,
        onboarding: p.modes?.onboarding,
        verification: p.modes?.verification,
      }));
      print(pricing, () => table(rows, ['datapoint', 'sku', 'available', 'onboarding', 'verification']));
      return EXIT.ok;
    }
    case 'company':
      return company(client, o, args, io, print, country);
    case 'documents': {
      if (args[0] !== 'get') throw new UsageError('documents: only `documents get <companyId> <documentId>`');
      const companyId = arg(1, 'the company id');
      const documentId = arg(2, 'the document id');
      const answer = await client.company.create({ id: companyId, countryCode: country(), mode: 'onboarding', documents: [documentId] });
      const docs = Object.values((answer as { documents?: Record<string, { url?: string }> }).documents ?? {});
      const url = docs.find((d) => d.url)?.url;
      if (!url) {
        io.err(`the document could not be retrieved: ${JSON.stringify(answer.request.dataStatus.documents ?? {})}`);
        return EXIT.not_processed;
      }
      const { contentType, bytes } = await client.documents.download(url);
      const out = o.out ?? `${documentId.replace(/[^\w.-]+/g, '_')}${contentType.includes('pdf') ? '.pdf' : ''}`;
      writeFileSync(out, bytes);
      print({ file: out, contentType, bytes: bytes.length, url }, () => `${out} (${contentType}, ${bytes.length} bytes)`);
      return EXIT.ok;
    }
    case 'monitors':
      return monitors(client, args, io, print, country, arg);
    case 'webhooks': {
      if (args[0] !== 'listen') throw new UsageError('webhooks: only `webhooks listen`');
      await listen(client, {
        forwardTo: o['forward-to'],
        host: o['listen-host'] ?? '127.0.0.1',
        publicUrl: o['public-url'],
        signal: io.signal,
        print: io.out,
      });
      return EXIT.ok;
    }
    case 'accounts': {
      if (args[0] !== 'create') throw new UsageError('accounts: only `accounts create --name NAME`');
      if (!o.name) throw new UsageError('--name is required');
      const account = await client.admin.createAccount({
        name: o.name,
        ...(o.credits ? { credits: Number(o.credits) } : {}),
        ...(o['us-ny'] ? { features: { usNy: true } } : {}),
      });
      print(account, () => table([account as never], ['id', 'name', 'apiKey', 'balanceInCreditCents']));
      return EXIT.ok;
    }
    case 'us-ny': {
      if (args[0] !== 'ingest') throw new UsageError('us-ny: only `us-ny ingest FILE`');
      const { code, report } = await ingestUsNy(arg(1, 'the snapshot file'), {
        names: o.names,
        serviceDir: o['service-dir'],
        err: io.err,
        tty: Boolean(process.stderr.isTTY),
        env: io.env,
      });
      if (code !== 0 || !report) {
        io.err(`error: the ingestion failed (exit ${code})`);
        return EXIT.unexpected;
      }
      print(report, () =>
        table(
          [report as never],
          Object.keys(report).filter((k) => typeof report[k] !== 'object'),
        ),
      );
      return EXIT.ok;
    }
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

async function company(
  client: RegistrumClient,
  o: { mode?: string; data?: string; 'no-wait'?: boolean; json?: boolean },
  args: string[],
  io: Io,
  print: (value: unknown, rows: () => string) => void,
  country: () => never,
): Promise<number> {
  const id = args[0];
  if (!id) throw new UsageError('missing the company id');
  if (o.mode && o.mode !== 'onboarding' && o.mode !== 'verification') throw new UsageError('--mode is onboarding or verification');
  const started = await client.company.create({
    id,
    countryCode: country(),
    ...(o.mode ? { mode: o.mode as 'onboarding' | 'verification' } : {}),
    ...(o.data ? { dataPoints: o.data.split(',') as never } : {}),
  });
  let answer = started;
  if (!o['no-wait'] && !isSettled(started)) {
    // Progress on stderr, so that stdout stays the answer alone.
    let last = '';
    answer = await client.company.wait(started.request.requestId, {
      signal: io.signal,
      onProgress: (a) => {
        const items = Object.entries(a.request.dataStatus.dataPoints ?? {}) as [string, { status: string }][];
        const done = items.filter(([, s]) => s.status !== 'in_progress' && s.status !== 'enriching').length;
        const line = `${a.request.requestId}: ${done}/${items.length} settled (${items.map(([k, s]) => `${k} ${s.status}`).join(', ')})`;
        if (line !== last) io.err(line);
        last = line;
      },
    });
  }
  const rows = Object.entries(answer.request.dataStatus.dataPoints ?? {}).map(([dataPoint, s]) => ({ dataPoint, ...(s as object) }));
  print(answer, () => {
    const c = (answer as { company?: { legalName?: string; status?: unknown } }).company;
    return `${answer.request.requestId} ${answer.request.mode}${c?.legalName ? `: ${c.legalName}` : ''}\n${table(rows, ['dataPoint', 'status', 'cost'])}`;
  });
  return EXIT.ok;
}

async function monitors(
  client: RegistrumClient,
  args: string[],
  _io: Io,
  print: (value: unknown, rows: () => string) => void,
  country: () => never,
  arg: (i: number, what: string) => string,
): Promise<number> {
  const columns = ['id', 'companyId', 'countryCode', 'status', 'lastCheckedAt'];
  switch (args[0]) {
    case 'list': {
      const all: unknown[] = [];
      for await (const m of client.monitors.list()) all.push(m);
      print(all, () => table(all as never, columns));
      return EXIT.ok;
    }
    case 'create': {
      const m = await client.monitors.create({ companyId: arg(1, 'the company id'), countryCode: country() });
      print(m, () => table([m as never], columns));
      return EXIT.ok;
    }
    case 'get': {
      const m = await client.monitors.get(arg(1, 'the monitor id'));
      print(m, () => table([m as never], columns));
      return EXIT.ok;
    }
    case 'delete': {
      const m = await client.monitors.delete(arg(1, 'the monitor id'));
      print(m ?? { deleted: true }, () => 'deleted');
      return EXIT.ok;
    }
    case 'logs': {
      const logs = (await client.monitors.logs(arg(1, 'the monitor id'))) as { logs: Record<string, unknown>[] };
      print(logs, () => table(logs.logs, ['createdAt', 'fetchStatus', 'readFrom', 'changeDetected', 'changeCategories']));
      return EXIT.ok;
    }
    default:
      throw new UsageError('monitors: list | create <companyId> --country CC | get <id> | delete <id> | logs <id>');
  }
}

/** As a process: the exit code of the command; Ctrl-C ends `webhooks listen` (and a wait) cleanly. */
export async function main(): Promise<void> {
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  process.once('SIGTERM', () => abort.abort());
  const code = await run(process.argv.slice(2), {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
    env: process.env,
    signal: abort.signal,
  });
  process.exitCode = code;
}
