import base from './vite.config';
import fs from 'node:fs';
export default (env: any) => {
  const c: any = base(env);
  c.plugins.push({
    name: 'inspect-chunks',
    generateBundle(_o: any, bundle: any) {
      if (env.isSsrBuild) return;
      const out: Record<string, { size: number; modules: [string, number][] }> = {};
      for (const [file, chunk] of Object.entries<any>(bundle)) {
        if (chunk.type !== 'chunk') continue;
        out[file] = { size: chunk.code.length, modules: Object.entries<any>(chunk.modules).map(([id, m]) => [id.replace(/.*\/work\/[^/]+\//, ''), m.renderedLength]) };
      }
      fs.writeFileSync('/tmp/chunks.json', JSON.stringify(out, null, 1));
    },
  });
  return c;
};
