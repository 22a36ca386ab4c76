/** `npm start` runs this (after building what is missing): the whole product in one process. */
import closeWithGrace from 'close-with-grace';
import { startEmbedded } from './embedded.js';
import { serveEmbeddedMetrics } from './embedded-metrics.js';

// A local install has no SMTP server: keep mail in the dev outbox (/dev/mail) unless SMTP_URL is set.
process.env.MAIL_DEV_OUTBOX ??= 'true';
const port = Number(process.env.PORT ?? 8080);
// First: a bad METRICS_PORT stops the start before anything is opened.
const metrics = await serveEmbeddedMetrics();
const product = await startEmbedded({ port, dataDir: process.env.DATA_DIR ?? 'data' });
if (metrics) process.stdout.write(`Metrics at ${metrics.url}\n`);
process.stdout.write(`\nKora is running at ${product.url}  (embedded mode; data in ${process.env.DATA_DIR ?? 'data'}/)\n\n`);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) console.error(err);
  else process.stdout.write(`\n${signal}: stopping Kora...\n`);
  await product.stop();
  await metrics?.close();
});
