// @ts-check
/**
 * The public site's islands (src/islands) run on Preact; the admin stays on React.
 *
 * The islands are written against React's API and types. For the site they are
 * compiled by the Preact renderer, and their imports of `react` resolve to
 * `preact/compat`: about 10 KiB of runtime on a page instead of React's 60 KiB, so a
 * visitor's phone spends less time on script before the page answers. The aliasing
 * is scoped to modules under src/islands, never global: the admin's react-admin and
 * MUI need React itself, and the SPA peer of the benchmarks compiles the same
 * files with React.
 */
import preact from '@astrojs/preact';

/** Files that belong to the Preact renderer; every other JSX file is React's. */
export const ISLAND_FILES = ['**/src/islands/**'];

const ISLAND_MODULE = /[\\/]src[\\/]islands[\\/]/;

/** React entry points an island may import, and their Preact counterparts. */
export const COMPAT_TARGETS = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

/** An import or export specifier naming one of COMPAT_TARGETS' keys. */
const REACT_SPECIFIER = /(\b(?:from|import)\s*)(['"])(react(?:-dom)?(?:\/[\w-]+)?)\2/g;

/**
 * Points an island module's React imports at their Preact counterparts.
 * @param {string} code the module's source
 * @returns {string}
 */
export function importsOnPreact(code) {
  return code.replace(REACT_SPECIFIER, (whole, keyword, quote, specifier) => {
    const target = COMPAT_TARGETS[/** @type {keyof typeof COMPAT_TARGETS} */ (specifier)];
    return target ? `${keyword}${quote}${target}${quote}` : whole;
  });
}

/**
 * A Vite plugin rewriting the React imports of island modules to preact/compat. A
 * source rewrite rather than a resolver: in the dev server Vite leaves bare imports
 * for server rendering to Node without asking the plugins, and React's hooks inside
 * a Preact render fail.
 * @returns {import('vite').Plugin}
 */
export function compatForIslands() {
  return {
    name: 'operium:compat-for-islands',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0] ?? id;
      if (!ISLAND_MODULE.test(path) || path.includes('node_modules')) return null;
      const rewritten = importsOnPreact(code);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/**
 * The Preact renderer for the islands plus the scoped compat resolution.
 * @returns {import('astro').AstroIntegration[]}
 */
export function preactIslands() {
  return [
    preact({ include: ISLAND_FILES }),
    {
      name: 'operium:preact-islands',
      hooks: {
        'astro:config:setup': ({ updateConfig }) => {
          updateConfig({ vite: { plugins: [compatForIslands()] } });
        },
      },
    },
  ];
}
