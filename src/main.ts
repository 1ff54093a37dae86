import { loadConfig } from './config.ts';
import { assertReferenceLists } from './enrichment/reference/files.ts';
import { MANIFESTS } from './registers/index.ts';
import { parseRegisterConfigs } from './registers/manifest.ts';
import { startService } from './service.ts';
import { setupPath } from './users/service.ts';

/** The process: configuration, the service, the first-start API key, and a clean stop on signals. */
async function main() {
  const config = loadConfig();
  // The registers' own variables too, before anything is opened: a bad one stops the start with its name.
  parseRegisterConfigs(MANIFESTS, config.env);
  assertReferenceLists();
  const service = await startService(config, { logger: { level: config.LOG_LEVEL } });
  const log = service.app.log;
  // The first account may use every register of the build, gated ones included.
  const allFeatures = Object.fromEntries(service.registers.features().map((f) => [f, true]));

  if (config.BOOTSTRAP_API_KEY) {
    const { created, account } = await service.accounts.ensureBootstrap(config.BOOTSTRAP_API_KEY, config.BOOTSTRAP_CREDITS, allFeatures);
    log.info({ accountId: account.id }, created ? 'bootstrap account created' : 'bootstrap account present');
  } else {
    // Created by one process only, when several start together on a fresh database.
    const account = await service.accounts.createFirst(
      { name: 'Default account', credits: config.BOOTSTRAP_CREDITS, features: allFeatures },
      (tx, created) => service.users.create(tx, created.id, config.BOOTSTRAP_OWNER_EMAIL, 'owner'),
    );
    const country = service.registers.all()[0]?.countryCode;
    // Printed once: only the key's hash and the link's hash are stored. On stderr, apart from the JSON log lines of stdout, for a person.
    if (account?.extra)
      process.stderr.write(
        `\n  registrum: first start, created account ${account.id}\n  API key (shown once): ${account.apiKey}\n` +
          `  try: curl -H 'x-api-key: ${account.apiKey}' '${service.url}/v2/search?country=${country}&query=acme'\n` +
          `  dashboard set-up link for ${config.BOOTSTRAP_OWNER_EMAIL} (once, valid 7 days): ${config.PUBLIC_BASE_URL ?? service.url}${setupPath(account.extra.setupToken)}\n\n`,
      );
  }
  log.info(`registrum listening on ${service.url} (store: ${service.db.backend}, registers: ${config.REGISTERS})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping`);
    await service.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  // As a JSON log line like every other: the service could not start (configuration, store, port).
  const msg = err instanceof Error ? err.message : String(err);
  process.stderr.write(`${JSON.stringify({ level: 'fatal', time: new Date().toISOString(), msg: `cannot start: ${msg}` })}\n`);
  process.exit(1);
});
