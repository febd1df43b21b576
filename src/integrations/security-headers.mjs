// The security policy of the built site, in two parts:
//
// - Each page's Content-Security-Policy is Astro's own (`security.csp`, configured
//   in astro.config.mjs with pageCsp below): Astro writes it as a <meta
//   http-equiv="content-security-policy"> at the end of the page's <head>, with the
//   SHA-256 hashes of the inline scripts it writes itself (island loader, client
//   directives, small bundled scripts), never 'unsafe-inline'. The consent-gated
//   analytics add their own hash and origins at render time
//   (src/components/layout/ConsentGatedAnalytics.astro). The tag lists the same
//   hashes on every page (all the build's inline scripts, about ten): +0.5 to 0.7 KB
//   gzip per page when measured, the price of not scanning the output ourselves.
// - The response headers, written as a `_headers` manifest into the build output:
//   our PocketBase (server/site) applies it to every file, and static hosts that read
//   this format (Netlify, Cloudflare Pages) do the same. Its Content-Security-Policy
//   holds only what a <meta> policy cannot carry: frame-ancestors. This part stays
//   hand-written: Astro sends response headers of a static build only through an
//   adapter (its staticHeaders feature), and this site has none.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SEARCH_BASE_DIR } from '../config/search-index.mjs';

/** Values the server also sends on API responses (server/site/headers.go); a test keeps them equal. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(self "https://www.youtube-nocookie.com"), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()';
export const HSTS = 'max-age=31536000';

/**
 * The header's policy: browsers ignore frame-ancestors in a <meta> policy (and log an
 * error). Policies add up, so this one restricts framing and nothing else.
 */
export const HEADER_CSP = "frame-ancestors 'none'";

/** @param {string | undefined} url */
function externalOrigin(url) {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Astro's `security.csp`: the policy of every page, to which Astro adds the hashes
 * of its inline scripts.
 * @param {{ apiUrl?: string }} [options] apiUrl: where the forms and the admin call the API when it is not this origin (PUBLIC_API_URL)
 * @returns {Exclude<NonNullable<import('astro').AstroUserConfig['security']>['csp'], boolean | undefined>}
 */
export function pageCsp(options = {}) {
  const api = externalOrigin(options.apiUrl);
  return {
    algorithm: 'SHA-256',
    // 'wasm-unsafe-eval': the site search's reader is WebAssembly (Pagefind); it allows
    // compiling WebAssembly only, never eval of JavaScript.
    scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
    // Astro's scoped styles, Shiki's colours and the admin's MUI write inline styles;
    // styles cannot run code. (So the build's warning that Shiki's inline styles do
    // not fit a CSP does not apply here.)
    styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    directives: [
      "default-src 'self'",
      // Article and product images may come from the API's file store or any HTTPS host.
      "img-src 'self' data: blob: https:",
      "font-src 'self'",
      `connect-src 'self'${api ? ` ${api}` : ''}`,
      // The contact page's map (src/lib/site/map.ts) and article videos once asked for
      // (src/components/blog/YouTubeVideo.astro).
      "frame-src 'self' https://www.openstreetmap.org https://www.youtube-nocookie.com",
      "object-src 'none'",
      "base-uri 'self'",
      // The public forms post to the API (also when the browser sends them itself) and
      // may land on its pages (pb_hooks/lib/forms/public-forms.js).
      `form-action 'self'${api ? ` ${api}` : ''}`,
    ],
  };
}

/**
 * The search index's caching (src/integrations/site-search.mjs): Pagefind names its chunks
 * by their content, cached for a year; the files with fixed names (the entry that names
 * the chunks, the reader, its WebAssembly) change with a publication and are revalidated,
 * or a browser would mix an old entry with a new site. No path matches two rules: some
 * hosts merge the headers of every rule that matches.
 */
function searchIndexRules() {
  const immutable = ['fragment', 'index', 'filter'].map((chunks) => `/${SEARCH_BASE_DIR}/${chunks}/*`);
  const revalidated = ['pagefind-entry.json', 'pagefind.js', 'pagefind-worker.js', 'wasm.*'].map(
    (file) => `/${SEARCH_BASE_DIR}/${file}`,
  );
  return [
    ...immutable.flatMap((rule) => [rule, '  Cache-Control: public, max-age=31536000, immutable']),
    ...revalidated.flatMap((rule) => [rule, '  Cache-Control: no-cache']),
  ];
}

/**
 * The `_headers` manifest: security headers on every path, immutable caching of
 * Astro's fingerprinted assets and of the search index's chunks. (Cache rules for pages
 * stay with each host: a second Cache-Control on `/*` would be merged into the asset rule
 * by some hosts.)
 */
export function headersManifest() {
  return [
    '# Generated by src/integrations/security-headers.mjs at build time.',
    "# Each page's Content-Security-Policy is in its <meta http-equiv> tag (Astro's security.csp).",
    '/*',
    `  Content-Security-Policy: ${HEADER_CSP}`,
    '  X-Content-Type-Options: nosniff',
    '  X-Frame-Options: DENY',
    `  Referrer-Policy: ${REFERRER_POLICY}`,
    `  Permissions-Policy: ${PERMISSIONS_POLICY}`,
    `  Strict-Transport-Security: ${HSTS}`,
    '/_astro/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    ...searchIndexRules(),
    '',
  ].join('\n');
}

/** @returns {import('astro').AstroIntegration} */
export function securityHeaders() {
  return {
    name: 'operium:security-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        // The header's policy leaves scripts to the pages' own: without it, nothing would restrict them.
        if (!config.security.csp) throw new Error('security-headers: falta security.csp (pageCsp) em astro.config.mjs');
      },
      'astro:build:done': async ({ dir }) => {
        const outDir = dir instanceof URL ? dir : new URL(dir);
        await writeFile(path.join(outDir.pathname, '_headers'), headersManifest());
      },
    },
  };
}
