/**
 * `@kora/platform/service` stays narrow: following its runtime imports (type-only ones are erased)
 * never reaches an engine, and every service's route files import the platform through it alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const ENGINES = [
  'kafkajs',
  'bullmq',
  'ioredis',
  '@electric-sql/pglite',
  'pg',
  'nodemailer',
  'drizzle-orm/node-postgres',
  'drizzle-orm/pglite',
];

/** `from '...'` of every import or re-export that is not `import type`/`export type`. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) if (!m[1]) found.push(m[2]!);
  return found;
}

function reachablePackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of runtimeImports(file)) {
      if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec);
    }
  };
  visit(entry);
  return packages;
}

describe('@kora/platform/service', () => {
  it('reaches no engine through its runtime imports', () => {
    const reached = reachablePackages(path.join(here, 'service-entry.ts'));
    expect([...reached].filter((p) => ENGINES.includes(p))).toEqual([]);
    // The walk itself works: the full entry does reach the engines.
    expect([...reachablePackages(path.join(here, 'index.ts'))]).toEqual(
      expect.arrayContaining(['kafkajs', 'bullmq', '@electric-sql/pglite', 'pg']),
    );
  });

  it("is the only way every service's route files import the platform", () => {
    const offenders: string[] = [];
    for (const service of readdirSync(path.join(root, 'services'))) {
      const routes = path.join(root, 'services', service, 'src', 'routes');
      let files: string[];
      try {
        files = readdirSync(routes).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
      } catch {
        continue; // a service without routes yet
      }
      for (const file of files) {
        const platform = runtimeImports(path.join(routes, file)).concat(
          [...readFileSync(path.join(routes, file), 'utf8').matchAll(/from '(@kora\/platform[^']*)'/g)].map((m) => m[1]!),
        );
        for (const spec of platform.filter((s) => s.startsWith('@kora/platform') && s !== '@kora/platform/service'))
          offenders.push(`${service}/${file}: ${spec}`);
      }
    }
    expect([...new Set(offenders)]).toEqual([]);
  });
});
