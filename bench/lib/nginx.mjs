// Debian's nginx serving a folder on a loopback port, as a client-rendered app is
// usually hosted: gzip on, long cache for hashed assets, every unknown path answered
// with index.html (SPA fallback).
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stopProcess } from '../../scripts/lib/pocketbase-process.mjs';
import { ensureDebianTool } from '../../scripts/test-tools/debian-tool.mjs';

const NGINX = '/usr/sbin/nginx';

/** Debian's nginx, installed when missing and this process may (see ensureDebianTool). */
export function ensureNginx() {
  return ensureDebianTool(NGINX, 'nginx-light', '[bench]');
}

/** @param {{ root: string, port: number, workDir: string, asRoot: boolean, workers: string, spaFallback: boolean }} options */
function config({ root, port, workDir, asRoot, workers, spaFallback }) {
  return `${asRoot ? 'user root;\n' : ''}worker_processes ${workers};
daemon off;
pid ${workDir}/nginx.pid;
error_log ${workDir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${workDir}/body;
  proxy_temp_path ${workDir}/proxy;
  sendfile on;
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 256;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location /_astro/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    ${spaFallback ? 'location / { try_files $uri /index.html; }' : 'error_page 404 /404.html;'}
  }
}
`;
}

/**
 * Starts nginx in the foreground and resolves once it answers.
 * @param {{ root: string, port: number, workDir: string, workers?: string, spaFallback?: boolean }} options
 *   workers: worker_processes (default 1); spaFallback: answer unknown paths with index.html (default true)
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startNginx({ root, port, workDir, workers = '1', spaFallback = true }) {
  const bin = ensureNginx();
  await mkdir(workDir, { recursive: true });
  const file = path.join(workDir, 'nginx.conf');
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  await writeFile(file, config({ root, port, workDir, asRoot, workers, spaFallback }));
  const child = spawn(bin, ['-p', workDir, '-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  // SIGQUIT: nginx's graceful shutdown.
  const stop = () => stopProcess(child, { signal: 'SIGQUIT' });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(url)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`o nginx não respondeu em ${url}\n${output}`);
}
