import path from 'node:path';
import type { APIRoute } from 'astro';
import { build } from 'esbuild';
import { API_BASE } from '../lib/forms/api';

/**
 * The analytics beacon (src/analytics/beacon.ts), bundled and minified as one small
 * classic script: it is loaded by the consent runtime as a plain <script src>, which
 * Astro's own script bundling does not produce.
 */
export const GET: APIRoute = async () => {
  const result = await build({
    // From the project root, where every build runs (npm scripts, the publisher): in a
    // build this module is bundled elsewhere, so its own URL does not lead to the source.
    entryPoints: [path.resolve('src/analytics/beacon.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    write: false,
    legalComments: 'none',
    define: { __HIT_URL__: JSON.stringify(`${API_BASE}/api/analytics/hit`) },
  });
  return new Response(result.outputFiles[0]!.text, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
};
