/**
 * Code highlighting in the Markdown pipeline: Astro's own Shiki highlighter and
 * plugin (from @astrojs/markdown-satteri), placed after the sanitizing step so the
 * highlighter's classes and colours are never mistaken for what an editor typed.
 * Astro's built-in step is turned off (`syntaxHighlight: false`) for that order.
 *
 * Highlighting is most of a body's rendering time, so each block's result is kept by
 * its content, in memory and, for builds, on disk (src/lib/markdown/highlight-store.ts,
 * in Astro's cache folder): a post edited in the admin's preview, or built again by
 * the next publication, highlights only the blocks that changed.
 */
import { satteriCreateHighlightFn, satteriHighlightPlugin } from '@astrojs/markdown-satteri';
import type { HastNode, HastPluginDefinition } from 'satteri';
import { createHighlightStore, highlightSalt, type HighlightStore } from './highlight-store.ts';

/** Blocks kept; a long article has a few dozen, a build of 10,000 posts re-renders only changed ones. */
const CACHE_LIMIT = 2000;

/** Astro's `markdown.shikiConfig`. */
export type ShikiConfig = NonNullable<Parameters<typeof satteriCreateHighlightFn>[1]>;

type Highlight = (code: string, lang: string, meta?: string) => Promise<HastNode>;

/** The form of a stored block: changed with compactStyle() or anything else done to Shiki's output here. */
const STORED_FORMAT = 'compact-style-1';

let disk: Promise<HighlightStore> | undefined;

/**
 * Keeps highlighted blocks in `dir` across processes (the highlightCache integration
 * in astro.config.mjs points it at Astro's cacheDir); `null` keeps them in memory only.
 * `root` is the project, whose installed packages are part of every block's key.
 */
export function useHighlightStore(place: { dir: string; root: string; shikiConfig: ShikiConfig } | null) {
  disk = place
    ? highlightSalt(place.root, place.shikiConfig, STORED_FORMAT).then((salt) => createHighlightStore(place.dir, salt))
    : undefined;
}

/**
 * The block's inline style written compactly (`color:#fff;overflow-x:auto`), as the
 * MDX compiler writes the same style: a block highlighted in a CMS post and in a git
 * article is then byte for byte the same.
 */
function compactStyle(node: HastNode): HastNode {
  if (node.type === 'element' && typeof node.properties?.style === 'string') {
    node.properties.style = node.properties.style.replace(/\s*([:;])\s*/g, '$1').replace(/;$/, '');
  }
  return node;
}

export function highlightPlugin(shikiConfig: ShikiConfig): HastPluginDefinition {
  let highlighter: Promise<Highlight | undefined> | undefined;
  const cache = new Map<string, Promise<HastNode>>();
  const highlight: Highlight = (code, lang, meta) => {
    const key = `${lang}\u0000${meta ?? ''}\u0000${code}`;
    let block = cache.get(key);
    if (block) {
      // Most recently used last, so the oldest is the first to go.
      cache.delete(key);
    } else {
      const store = disk;
      const fresh = () => {
        highlighter ??= satteriCreateHighlightFn('shiki', shikiConfig);
        return highlighter.then(async (run) => compactStyle(await run!(code, lang, meta)));
      };
      block = store
        ? store.then(async (stored) => {
            const found = await stored.get(key);
            if (found) return found;
            const node = await fresh();
            // Not waited for: the page goes on while the disk writes (a write lost
            // when a build ends is only highlighted again next time).
            void stored.put(key, node);
            return node;
          })
        : fresh();
      block.catch(() => cache.delete(key));
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, block);
    return block;
  };
  return satteriHighlightPlugin(highlight, undefined);
}
