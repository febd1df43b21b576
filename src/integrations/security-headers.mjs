// The response headers of the built site, written as a `_headers` manifest into
// the build output: our PocketBase (server/site) applies it to every page, and
// static hosts that read this format (Netlify, Cloudflare Pages) do the same.
//
// The Content-Security-Policy allows only what the built pages use: our own
// scripts plus the exact inline scripts Astro writes (by SHA-256 hash, never
// 'unsafe-inline'), and the third-party origins found in the pages (analytics
// once consented, embedded maps).
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Values the server also sends on API responses (server/site/headers.go); a test keeps them equal. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()';
export const HSTS = 'max-age=31536000';

/** Google Analytics 4 (gtag.js) talks to these, once the visitor consents. */
const ANALYTICS_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';
const ANALYTICS_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
];

/** Script types the browser never runs (data blocks). */
const DATA_SCRIPT_TYPES = new Set(['application/ld+json', 'application/json', 'importmap']);

/**
 * @typedef {{ scriptHashes: Set<string>, scriptOrigins: Set<string>, frameOrigins: Set<string> }} PolicySources
 */

/** @returns {PolicySources} */
export function emptySources() {
  return { scriptHashes: new Set(), scriptOrigins: new Set(), frameOrigins: new Set() };
}

/** @param {string} attributes @param {string} name */
function attribute(attributes, name) {
  const match = attributes.match(new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

/** @param {string | undefined} url */
function externalOrigin(url) {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url.replace(/&amp;/g, '&')).origin;
  } catch {
    return undefined;
  }
}

/**
 * Adds what one page needs to sources: the hash of every inline script that may
 * run (including consent-gated `text/plain` ones, which the consent directive,
 * src/lib/consent-directive.ts, turns into real scripts with the same text), and
 * the origins of external scripts (also consent-gated `data-src`) and frames.
 * @param {string} html
 * @param {PolicySources} sources
 */
export function collectPolicySources(html, sources) {
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    const type = (attribute(attributes, 'type') ?? '').toLowerCase();
    const src = attribute(attributes, 'src') ?? attribute(attributes, 'data-src');
    if (src !== undefined) {
      const origin = externalOrigin(src);
      if (origin) sources.scriptOrigins.add(origin);
      continue;
    }
    if (DATA_SCRIPT_TYPES.has(type) || body.length === 0) continue;
    sources.scriptHashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  for (const match of html.matchAll(/<iframe\b([^>]*)>/gi)) {
    const origin = externalOrigin(attribute(match[1] ?? '', 'src'));
    if (origin) sources.frameOrigins.add(origin);
  }
  return sources;
}

/**
 * @param {PolicySources} sources
 * @param {{ apiOrigin?: string }} [options] where the forms and the admin call the API when it is not this origin
 */
export function contentSecurityPolicy(sources, options = {}) {
  const analytics = sources.scriptOrigins.has(ANALYTICS_SCRIPT_ORIGIN);
  const api = options.apiOrigin ? [options.apiOrigin] : [];
  const sorted = (/** @type {Iterable<string>} */ values) => [...values].sort();
  /** @type {[string, string[]][]} */
  const directives = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...sorted(sources.scriptHashes), ...sorted(sources.scriptOrigins)]],
    // Astro's scoped styles, Shiki's colours and the admin's MUI write inline styles; styles cannot run code.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Article and product images may come from the API's file store or any HTTPS host.
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...api, ...(analytics ? ANALYTICS_CONNECT : [])]],
    ['frame-src', ["'self'", ...sorted(sources.frameOrigins)]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/**
 * The `_headers` manifest: security headers on every path, immutable caching of
 * Astro's fingerprinted assets. (Cache rules for pages stay with each host: a
 * second Cache-Control on `/*` would be merged into the asset rule by some hosts.)
 * @param {string} csp
 */
export function headersManifest(csp) {
  return [
    '# Generated by src/integrations/security-headers.mjs at build time.',
    '/*',
    `  Content-Security-Policy: ${csp}`,
    '  X-Content-Type-Options: nosniff',
    '  X-Frame-Options: DENY',
    `  Referrer-Policy: ${REFERRER_POLICY}`,
    `  Permissions-Policy: ${PERMISSIONS_POLICY}`,
    `  Strict-Transport-Security: ${HSTS}`,
    '/_astro/*',
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}

/** @param {string} dir */
async function htmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** @returns {import('astro').AstroIntegration} */
export function securityHeaders() {
  return {
    name: 'operium:security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = dir instanceof URL ? dir : new URL(dir);
        const root = outDir.pathname;
        const sources = emptySources();
        for (const file of await htmlFiles(root)) collectPolicySources(await readFile(file, 'utf8'), sources);
        const csp = contentSecurityPolicy(sources, { apiOrigin: externalOrigin(process.env.PUBLIC_API_URL) });
        await writeFile(path.join(root, '_headers'), headersManifest(csp));
        logger.info(`_headers: CSP com ${sources.scriptHashes.size} scripts inline por hash, sem 'unsafe-inline' em scripts`);
      },
    },
  };
}
