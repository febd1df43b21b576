// The site's own Astro components rendered to HTML on demand, for the admin's page
// preview (renderPagePreview in scripts/publish/endpoint.mjs). A `.astro` file must be
// compiled before Node can run it, so this keeps a Vite server in middleware mode with
// Astro's own Vite configuration (`getViteConfig` from 'astro/config', what Astro
// documents for rendering components in Vitest) and renders with Astro's Container API.
// Nothing is built ahead: the components are those of src/ as they are, compiled once
// and then kept in Vite's module graph, so a render after the first takes milliseconds.
// The server starts on the first preview (about 2 s) and is closed after a while
// without one, so a publisher nobody previews pages with holds none of it.
import path from 'node:path';
import { ROOT } from '../lib/paths.mjs';

/** How long the Vite server stays after the last render. */
const IDLE_MS = 15 * 60 * 1000;

/**
 * Plugins of Astro's dev server that a renderer does not need: the dev app (its
 * routes, the content sync and the middleware) and the dev toolbar.
 */
const LEFT_OUT_PLUGINS = new Set(['astro:server', 'astro:server-client', 'astro:dev-toolbar']);

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
  /** @type {any[]} */
  const plugins = config.plugins ?? [];
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
 * them: Astro gathers them so in its dev server (astro/dist/content/vite-plugin-content-assets.js).
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

/**
 * Renders the site's components, starting what it needs on the first call.
 * @param {{ idleMs?: number }} [options]
 */
export function siteComponentRenderer({ idleMs = IDLE_MS } = {}) {
  /** @type {Promise<{ vite: import('vite').ViteDevServer, container: import('astro/container').experimental_AstroContainer }> | undefined} */
  let running;
  /** @type {NodeJS.Timeout | undefined} */
  let idle;

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

  const close = async () => {
    clearTimeout(idle);
    const current = running;
    running = undefined;
    await current?.then(({ vite }) => vite.close()).catch(() => {});
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
      clearTimeout(idle);
      running ??= start();
      // A server that failed to start is tried again on the next call.
      const { vite, container } = await running.catch((error) => {
        running = undefined;
        throw error;
      });
      try {
        const module = /** @type {{ default: import('astro/runtime/server/index.js').AstroComponentFactory }} */ (
          await vite.ssrLoadModule(component)
        );
        const html = await container.renderToString(module.default, { props });
        return { html, css: await stylesOf(vite, component) };
      } finally {
        idle = setTimeout(() => void close(), idleMs);
        idle.unref();
      }
    },
    close,
  };
}
