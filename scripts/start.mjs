// `npm start`: one PocketBase process serves the site, the admin, the API and the
// dashboard; beside it, the publisher rebuilds the site whenever staff publish
// (scripts/publish/publisher.mjs) and swaps each finished build in atomically.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, rm } from 'node:fs/promises';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { resolvePocketBase } from './pocketbase.mjs';
import { isBuildFresh, isBuiltFromOtherData } from './publish/fresh-build.mjs';
import { freePort, serveArgs, waitForHealth } from './lib/pocketbase-process.mjs';
import { dataIdentity, dataScopedDir } from './lib/data-dir.mjs';
import { fromRoot } from './lib/paths.mjs';
import { createPublisher, deployHookRunner, localBuildRunner, pocketBaseReporter } from './publish/publisher.mjs';
import { startPublishEndpoint } from './publish/endpoint.mjs';

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 8090);
const dataDir = path.resolve(process.env.PB_DATA || fromRoot('pb_data'));
/**
 * The live site: a link to the last good build (see scripts/publish/live-site.mjs). By
 * default each data directory has its own, and its own build cache: two instances from
 * one checkout build and serve their own sites (scripts/lib/data-dir.mjs).
 */
const siteDir = path.resolve(process.env.SITE_DIR || dataScopedDir(dataDir, 'site', 'live'));
const deployHookUrl = process.env.DEPLOY_HOOK_URL || '';
// Only the publisher needs the webhook's token: PocketBase and the builds run without it.
const { DEPLOY_HOOK_TOKEN: deployHookToken = '', ...processEnv } = process.env;

try {
  const bin = await resolvePocketBase();
  const base = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const secret = randomBytes(24).toString('hex');
  /** @type {(value?: unknown) => void} */
  let markReady = () => {};
  const pocketBaseReady = new Promise((resolve) => (markReady = resolve));
  // The builds run the site's code (git MDX included): no storage credentials for them.
  const buildEnv = {
    ...Object.fromEntries(Object.entries(processEnv).filter(([name]) => !name.startsWith('S3_'))),
    POCKETBASE_URL: process.env.POCKETBASE_URL || base,
  };
  const cacheDir = dataScopedDir(dataDir, 'astro');
  // Read at each build: a restore in place puts other data under the same path.
  const buildEnvNow = () => ({ ...buildEnv, PB_DATA_IDENTITY: dataIdentity(dataDir) });
  const localRunner = localBuildRunner({ liveLink: siteDir, env: buildEnvNow, cacheDir });

  const publisher = createPublisher({
    mode: deployHookUrl ? 'deploy-hook' : 'local',
    run: deployHookUrl ? deployHookRunner({ url: deployHookUrl, token: deployHookToken }) : localRunner,
    onStatus: (() => {
      const report = pocketBaseReporter({ pocketbaseUrl: base, secret, ready: pocketBaseReady });
      return (status) => {
        if (status.state === 'success' || status.state === 'failed') {
          const seconds = Math.round((status.durationMs ?? 0) / 1000);
          console.log(
            `[publicação] ${status.state === 'success' ? 'site publicado' : 'falha na publicação'} em ${seconds} s (${status.reasons.join('; ')})`,
          );
          if (status.state === 'failed') console.log(status.log?.split('\n').slice(-15).join('\n'));
        }
        report(status);
      };
    })(),
  });
  const endpoint = await startPublishEndpoint({
    publisher,
    secret,
    port: await freePort(),
    renderEnv: { ...buildEnv, ASTRO_CACHE_DIR: cacheDir },
  });

  // A site built from other data (this path restored or copied over, or SITE_DIR shared
  // with another data directory) is never served: until the new build is live, the
  // server answers its 'Estamos gerando o site…' page (server/site/building.go).
  if (existsSync(dataDir) && (await isBuiltFromOtherData(siteDir, dataIdentity(dataDir)))) {
    console.log('[site] O site no ar foi gerado de outros dados: ele sai do ar até o novo build.');
    await rm(siteDir, { force: true });
  }

  console.log(`
  Site:         ${base}/
  Painel admin: ${base}/admin
  API:          ${base}/api/
  Dashboard PB: ${base}/_/
  Dados:        ${dataDir}
  Publicação:   ${deployHookUrl ? `webhook de deploy (${new URL(deployHookUrl).host})` : `build local em ${path.relative(fromRoot(), siteDir)}`}
`);
  const child = spawn(bin, serveArgs({ host, port, dataDir }), {
    stdio: 'inherit',
    env: { ...processEnv, SITE_DIR: siteDir, PUBLISHER_URL: endpoint.url, PREVIEW_URL: endpoint.url, PUBLISH_SECRET: secret },
  });
  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    publisher.stop();
    void endpoint.close();
    child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(/** @type {NodeJS.Signals} */ (signal)));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

  // The first build needs the running API (it reads the CMS): build now unless the
  // live build is current; until then the previous build (if any) stays served.
  await waitForHealth(base, { child });
  markReady();
  const hasLive = Boolean(await lstat(siteDir).catch(() => null));
  if (!hasLive || !(await isBuildFresh(siteDir, buildEnvNow()))) {
    console.log(
      hasLive
        ? '[site] O código do site ou os dados mudaram desde o último build: gerando de novo…'
        : '[site] Gerando o site pela primeira vez…',
    );
    if (deployHookUrl)
      await localRunner({ id: 'inicial', state: 'building', mode: 'local', reasons: [], queuedAt: '' }, () => {});
    else publisher.request('início do servidor', { immediate: true });
  } else {
    console.log('[site] Site já está atualizado; pulando o build.');
  }
} catch (error) {
  console.error(`\nFalha ao iniciar: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
