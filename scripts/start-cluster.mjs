#!/usr/bin/env node
// `npm run start:cluster`: DISTRIBUTED mode. Every service, the web app and the gateway run as
// separate processes against PostgreSQL, Redis and Kafka taken from DATABASE_URL, REDIS_URL and
// KAFKA_BROKERS, or, for any of them unset, private local servers that this script starts (and
// stops again on Ctrl-C; their data is kept under .tmp/servers for the next run).
import path from 'node:path';
import { ensureDependencies, ensureFfmpeg, ensureWebBuild } from './lib/build.mjs';
import { ROOT } from './lib/proc.mjs';
import { localSecrets } from './lib/secrets.mjs';
import { startCluster } from './run/cluster.mjs';

ensureDependencies();
ensureWebBuild();
await ensureFfmpeg();
const { startServers, stopServers } = await import('./servers.mjs');
const { env: servers, started } = await startServers({ fresh: false, setEnv: false });
const port = Number(process.env.PORT ?? 8080);
// Local runs keep mail in the dev outbox (/dev/mail) unless SMTP_URL points at a real server.
process.env.MAIL_DEV_OUTBOX ??= 'true';
let cluster;
try {
  cluster = await startCluster({ port, servers, secrets: localSecrets(path.join(ROOT, 'data', 'cluster')) });
} catch (err) {
  console.error(err.message);
  await stopServers({ only: started });
  process.exit(1);
}
process.stdout.write(`\nKora is running at ${cluster.url}  (distributed mode; logs in ${path.relative(ROOT, cluster.logDir)}/)\n\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping Kora...\n`);
    await cluster.stop();
    await stopServers({ only: started });
    process.exit(0);
  });
}
