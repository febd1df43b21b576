// `npm run dev`: PocketBase (hooks reload on change) plus the Astro dev server with
// hot reload; the dev server proxies /api and /_/ to PocketBase.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { resolvePocketBase } from './pocketbase.mjs';
import { serveArgs } from './lib/pocketbase-process.mjs';
import { fromRoot } from './lib/paths.mjs';

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 8090);
const dataDir = path.resolve(process.env.PB_DATA || fromRoot('pb_data'));
const pocketBaseUrl = `http://${host}:${port}`;

const bin = await resolvePocketBase();
const children = [
  // Dev mode (SQL and sent e-mails on the console) only here, never under npm start.
  spawn(bin, serveArgs({ host, port, dataDir, hooksWatch: true, dev: true }), { stdio: 'inherit' }),
  spawn(process.execPath, [fromRoot('node_modules', 'astro', 'bin', 'astro.mjs'), 'dev', '--host', host], {
    stdio: 'inherit',
    env: { ...process.env, POCKETBASE_DEV_URL: pocketBaseUrl },
  }),
];
console.log(`PocketBase em ${pocketBaseUrl} (API e /_/); o Astro mostra abaixo o endereço do site com recarga automática.`);

/** @param {NodeJS.Signals} [signal] */
const stopAll = (signal = 'SIGTERM') => children.forEach((child) => child.exitCode === null && child.kill(signal));
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => stopAll(signal));
for (const child of children)
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
