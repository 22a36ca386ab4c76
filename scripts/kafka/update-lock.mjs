#!/usr/bin/env node
// Rewrites scripts/kafka/jars.lock from scripts/kafka/pom.xml: run it after changing the Kafka
// version there (and KAFKA_VERSION in scripts/lib/kafka.mjs). Maven resolves the runtime
// dependencies into a temporary folder in the repository layout; each jar's path and SHA-1 go into
// the lock, which is what `npm test` and `start:cluster` fetch by (scripts/lib/maven-jars.mjs).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, run, which } from '../lib/proc.mjs';

const POM = path.join(ROOT, 'scripts', 'kafka', 'pom.xml');
const LOCK = path.join(ROOT, 'scripts', 'kafka', 'jars.lock');

function jarsUnder(dir, prefix = '') {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return jarsUnder(path.join(dir, entry.name), relative);
    return entry.name.endsWith('.jar') ? [relative] : [];
  });
}

const mvn = which('mvn');
if (!mvn) throw new Error('mvn is needed to resolve the dependencies (apt-get install maven)');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-kafka-lock-'));
try {
  await run(
    mvn,
    [
      '-q',
      '-B',
      '-f',
      POM,
      'dependency:copy-dependencies',
      `-DoutputDirectory=${out}`,
      '-DincludeScope=runtime',
      '-Dmdep.useRepositoryLayout=true',
    ],
    {
      timeoutMs: 15 * 60 * 1000,
    },
  );
  const lines = jarsUnder(out)
    .sort((a, b) => path.posix.basename(a).localeCompare(path.posix.basename(b)))
    .map(
      (jar) =>
        `${jar} ${crypto
          .createHash('sha1')
          .update(fs.readFileSync(path.join(out, jar)))
          .digest('hex')}`,
    );
  const header = fs
    .readFileSync(LOCK, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('#'));
  fs.writeFileSync(LOCK, `${[...header, ...lines].join('\n')}\n`);
  process.stdout.write(`${lines.length} jars written to ${path.relative(ROOT, LOCK)}\n`);
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
