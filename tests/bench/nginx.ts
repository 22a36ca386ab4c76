/**
 * nginx as the yardstick reverse proxy: Debian's package (installed when missing), started on a
 * private port in front of one upstream with a keep-alive pool, one worker process (as the gateway
 * is one process), access log on and buffered (as the gateway logs each request).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDebianPackage } from '../../scripts/lib/apt.mjs';
import { isRoot, pickPort, waitForPort } from '../../scripts/lib/proc.mjs';
import { existsSync } from 'node:fs';

export interface RunningProxy {
  url: string;
  /** The proxy's (master) process. */
  pid: number;
  stop(): Promise<void>;
}

const DIR = path.resolve('.tmp/bench/nginx');

function config(upstream: URL, port: number): string {
  return `
${isRoot() ? 'user root;' : ''}
worker_processes 1;
pid ${DIR}/nginx.pid;
error_log ${DIR}/error.log warn;
events { worker_connections 4096; }
http {
  access_log ${DIR}/access.log combined buffer=64k flush=1s;
  client_body_temp_path ${DIR}/body;
  proxy_temp_path ${DIR}/proxy;
  fastcgi_temp_path ${DIR}/fastcgi;
  uwsgi_temp_path ${DIR}/uwsgi;
  scgi_temp_path ${DIR}/scgi;
  upstream service {
    server ${upstream.host};
    keepalive 128;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://service;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }
}
`;
}

export async function startNginx(upstreamUrl: string): Promise<RunningProxy> {
  const nginx = await ensureDebianPackage({
    pkg: 'nginx',
    what: 'nginx (the yardstick proxy)',
    find: () => ['/usr/sbin/nginx'].find((p) => existsSync(p)) ?? null,
  });
  mkdirSync(DIR, { recursive: true });
  const port = await pickPort('bench-nginx');
  const file = path.join(DIR, 'nginx.conf');
  writeFileSync(file, config(new URL(upstreamUrl), port));
  const child: ChildProcess = spawn(nginx, ['-p', DIR, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  await waitForPort(port, {
    timeoutMs: 10_000,
    check: () => {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT'); // graceful: workers finish, then exit
      await exited;
    },
  };
}
