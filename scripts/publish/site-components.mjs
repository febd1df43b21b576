// The site's own Astro components rendered to HTML on demand, for the admin's page
// preview (renderPagePreview in scripts/publish/endpoint.mjs). A `.astro` file must be
// compiled before Node can run it, so the renderer keeps a Vite server in middleware mode
// with Astro's own Vite configuration (`getViteConfig` from 'astro/config', what Astro
// documents for rendering components in Vitest) and renders with Astro's Container API.
// Nothing is built ahead: the components are those of src/ as they are, compiled once
// and then kept in Vite's module graph, so a render after the first takes milliseconds.
//
// The renderer runs in a child process of the publisher (scripts/publish/preview-worker.mjs),
// started on the first preview (about 2 s) and stopped after a while without one: its
// memory (Astro, Vite and the compiled modules, some 300 MB) is the system's again, and
// the site's code runs, as in the builds, without the publisher's storage credentials.
import { fork } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, fromRoot } from '../lib/paths.mjs';

/** How long the renderer process stays after the last render. */
const IDLE_MS = 15 * 60 * 1000;

/**
 * Plugins of Astro's dev server that a renderer does not need: the dev app (its
 * routes, the content sync and the middleware) and the dev toolbar.
 */
const LEFT_OUT_PLUGINS = new Set(['astro:server', 'astro:server-client', 'astro:dev-toolbar']);

/**
 * The content store the publisher's builds leave in their Astro cache (ASTRO_CACHE_DIR,
 * scripts/publish/build-run.mjs), if there is one: the collections as the live site was
 * built from them.
 * @param {NodeJS.ProcessEnv} env
 */
const builtContentStore = (env) => (env.ASTRO_CACHE_DIR ? path.join(env.ASTRO_CACHE_DIR, 'data-store.json') : null);

/**
 * Astro's content store module (`astro:data-layer-content`, what getCollection() reads)
 * answered from the last build's store: a Vite server in dev mode would read the dev
 * server's own store (.astro/), which the publisher never fills.
 * @param {string} file
 * @returns {import('vite').Plugin}
 */
function builtContentStorePlugin(file) {
  return {
    name: 'operium:built-content-store',
    enforce: 'pre',
    load: {
      filter: { id: /^\0astro:data-layer-content$/ },
      handler: () => (existsSync(file) ? `export default JSON.parse(${JSON.stringify(readFileSync(file, 'utf8'))})` : null),
    },
  };
}

/**
 * A Vite server that compiles the site's components for Node, with Astro's plugins
 * (the `.astro` compiler, `astro:*` modules, React for the islands' server HTML).
 */
async function startVite() {
  const { getViteConfig } = await import('astro/config');
  const { createServer } = await import('vite');
  // The dev toolbar would mark every element with its source file and line.
  const astroConfig = { root: ROOT, devToolbar: { enabled: false }, logLevel: /** @type {const} */ ('warn') };
  const config = await getViteConfig({ root: ROOT }, astroConfig)({ mode: 'development', command: 'serve' });
  const store = builtContentStore(process.env);
  /** @type {any[]} */
  const plugins = [...(store ? [builtContentStorePlugin(store)] : []), ...(config.plugins ?? [])];
  return createServer({
    ...config,
    configFile: false,
    appType: 'custom',
    clearScreen: false,
    logLevel: 'warn',
    plugins: plugins.flat(Infinity).filter((plugin) => plugin && !LEFT_OUT_PLUGINS.has(plugin.name)),
    // No browser asks this server for anything: no HTTP, no file watching, no
    // dependency bundling for a client.
    server: { ...config.server, middlewareMode: true, hmr: false, watch: null, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
}

/** A stylesheet request in Vite's module graph (a `.css` file, or an Astro component's `<style>`). */
const STYLE = /\.css(?:$|\?)|[?&]lang\.css(?:$|&)/;

/**
 * The styles the component and the modules it imports bring themselves (an Astro
 * component's `<style>`, an imported stylesheet), as a page's `<head>` would carry
 * them: Astro gathers them so in its dev server (node_modules/astro/dist/content/vite-plugin-content-assets.js).
 * Tailwind's classes are not among them; the site's stylesheet holds those.
 * @param {import('vite').ViteDevServer} vite @param {string} component
 */
async function stylesOf(vite, component) {
  const graph = vite.environments.ssr.moduleGraph;
  const seen = new Set();
  const pending = [...(graph.getModulesByFile(path.join(ROOT, component)) ?? [])];
  const styles = [];
  while (pending.length) {
    const module = pending.pop();
    if (!module || seen.has(module)) continue;
    seen.add(module);
    pending.push(...module.importedModules);
    if (!STYLE.test(module.url)) continue;
    // `?inline` makes Vite answer a stylesheet module with its CSS as text.
    const inline = module.url.includes('?') ? module.url.replace('?', '?inline&') : `${module.url}?inline`;
    const { default: css } = /** @type {{ default: unknown }} */ (await vite.ssrLoadModule(inline));
    if (typeof css === 'string') styles.push(css);
  }
  return styles.join('\n');
}

/** Where the admin's preview frame fetches the site's own images (src/assets, served by pb_hooks/preview.pb.js). */
export const PREVIEW_ASSETS_PATH = '/api/site/preview/asset/';

/** An image Astro's dev server would transform on request: `/_image?href=…&amp;w=…`. */
const DEV_IMAGE = /\/_image\?href=([^&"'\s,]+)(?:&amp;[a-z]+=[^&"'\s,]*)*/g;

/**
 * The HTML with the addresses of the site's own images (src/assets) as the admin can
 * fetch them: a renderer on Vite gives dev-server addresses (`/_image?href=/@fs/…` to
 * transform on request, `/@fs/…` for the file), which nothing serves outside Astro's dev
 * server, so each becomes the original file under PREVIEW_ASSETS_PATH. The built site's
 * resized copies do not exist for a preview; the original is the same picture.
 * @param {string} html @param {string} root the repository's absolute path
 * @example previewAssetUrls('<img src="/@fs/repo/src/assets/a/b.png?origWidth=10">', '/repo') // '<img src="/api/site/preview/asset/a/b.png">'
 */
export function previewAssetUrls(html, root) {
  const assets = `/@fs${root.replace(/\\/g, '/').replace(/\/+$/, '')}/src/assets/`;
  /** @param {string} address */
  const served = (address) => {
    const file = address.split('?')[0] ?? '';
    return file.startsWith(assets) ? PREVIEW_ASSETS_PATH + file.slice(assets.length) : null;
  };
  return html
    .replace(DEV_IMAGE, (whole, /** @type {string} */ href) => {
      try {
        return served(decodeURIComponent(href)) ?? whole;
      } catch {
        return whole;
      }
    })
    .replace(/\/@fs\/[^"'\s,]+/g, (whole) => served(whole.replace(/&amp;/g, '&')) ?? whole);
}

/**
 * Renders the site's components in this process, starting what it needs on the first
 * call (the preview worker's side).
 */
export function componentRenderer() {
  /** @type {Promise<{ vite: import('vite').ViteDevServer, container: import('astro/container').experimental_AstroContainer }> | undefined} */
  let running;

  const start = async () => {
    const vite = await startVite();
    try {
      const { experimental_AstroContainer } = await import('astro/container');
      // React renders the islands' server HTML, as in a build (they stay inert in the
      // preview's frame). Its server entry reads Astro's `astro:react:opts` module, so
      // Vite loads it, not Node.
      const react = /** @type {{ default: import('astro').SSRLoadedRenderer['ssr'] }} */ (
        await vite.ssrLoadModule('@astrojs/react/server.js')
      );
      const container = await experimental_AstroContainer.create();
      container.addServerRenderer({ name: '@astrojs/react', renderer: react.default });
      return { vite, container };
    } catch (error) {
      await vite.close();
      throw error;
    }
  };

  return {
    /**
     * The HTML of a component of the site (a path from the repository's root, e.g.
     * `/src/components/ui/PageHero.astro`) with these props, as a page of the site
     * renders it, and the CSS of the styles it brings itself (stylesOf).
     * @param {string} component @param {Record<string, unknown>} props
     * @returns {Promise<{ html: string, css: string }>}
     */
    async render(component, props) {
      running ??= start();
      // A server that failed to start is tried again on the next call.
      const { vite, container } = await running.catch((error) => {
        running = undefined;
        throw error;
      });
      const module = /** @type {{ default: import('astro/runtime/server/index.js').AstroComponentFactory }} */ (
        await vite.ssrLoadModule(component)
      );
      const html = previewAssetUrls(await container.renderToString(module.default, { props }), ROOT);
      return { html, css: await stylesOf(vite, component) };
    },
  };
}

/** @typedef {{ resolve: (answer: { html: string, css: string }) => void, reject: (error: Error) => void }} Call */

/**
 * Renders the site's components in a child process (scripts/publish/preview-worker.mjs),
 * started on the first call and stopped once `idleMs` pass without one.
 * @param {{ env?: NodeJS.ProcessEnv, idleMs?: number }} [options] `env`: the child's environment (the builds' own)
 */
export function siteComponentRenderer({ env = process.env, idleMs = IDLE_MS } = {}) {
  /** @type {{ child: import('node:child_process').ChildProcess, calls: Map<number, Call>, store: number } | undefined} */
  let worker;
  const store = builtContentStore(env);
  /** When the builds' content store was last written (0 when there is none). */
  const storeWritten = () => (store ? (statSync(store, { throwIfNoEntry: false })?.mtimeMs ?? 0) : 0);
  let serial = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let idle;

  const startWorker = () => {
    const child = fork(fromRoot('scripts', 'publish', 'preview-worker.mjs'), [], {
      env,
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // A waiting render holds the publisher's event loop, an idle child does not.
    child.unref();
    child.channel?.unref();
    /** @type {Map<number, Call>} */
    const calls = new Map();
    const started = { child, calls, store: storeWritten() };
    child.on('message', (/** @type {{ id: number, html?: string, css?: string, error?: string }} */ answer) => {
      const call = calls.get(answer.id);
      calls.delete(answer.id);
      if (answer.error !== undefined) call?.reject(new Error(answer.error));
      else call?.resolve({ html: answer.html ?? '', css: answer.css ?? '' });
    });
    /** @param {Error} error */
    const end = (error) => {
      if (worker === started) worker = undefined;
      for (const call of calls.values()) call.reject(error);
      calls.clear();
    };
    child.on('exit', (code, signal) => end(new Error(`o processo de pré-visualização saiu (${signal ?? code})`)));
    // A process that could not start (or be signalled) fails its renders, never the publisher.
    child.on('error', end);
    return started;
  };

  const stop = () => {
    clearTimeout(idle);
    worker?.child.kill();
    worker = undefined;
  };

  return {
    /**
     * The HTML and the CSS of a component of the site with these props (componentRenderer).
     * @param {string} component @param {Record<string, unknown>} props
     * @returns {Promise<{ html: string, css: string }>}
     */
    render(component, props) {
      clearTimeout(idle);
      // A publication since the worker started: a fresh worker reads the new collections.
      if (worker && worker.calls.size === 0 && worker.store !== storeWritten()) stop();
      const current = (worker ??= startWorker());
      const id = ++serial;
      /** @type {Promise<{ html: string, css: string }>} */
      const answer = new Promise((resolve, reject) => {
        current.calls.set(id, { resolve, reject });
        current.child.channel?.ref();
        current.child.send({ id, component, props }, (error) => {
          if (!error) return;
          current.calls.delete(id);
          reject(error);
        });
      });
      return answer.finally(() => {
        if (worker !== current || current.calls.size > 0) return;
        current.child.channel?.unref();
        idle = setTimeout(stop, idleMs);
        idle.unref();
      });
    },
    /** Stops the child process, if it runs. */
    async close() {
      stop();
    },
  };
}
