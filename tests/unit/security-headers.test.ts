import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { collectPolicySources, contentSecurityPolicy, emptySources } from '../../src/integrations/security-headers.mjs';

const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

describe('Content-Security-Policy of the built site', () => {
  test('allows each inline script that may run by its hash, never by unsafe-inline', () => {
    const island = '(()=>{self.Astro=1})();';
    const consentGated = "window.dataLayer=[];gtag('js',new Date());";
    const sources = collectPolicySources(
      `<script>${island}</script>
       <script type="module">import './x.js'</script>
       <script type="text/plain" data-consent="analytics">${consentGated}</script>
       <script type="application/ld+json">{"@type":"Organization"}</script>
       <script type="module" src="/_astro/page.js"></script>`,
      emptySources(),
    );
    const csp = contentSecurityPolicy(sources);
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src '))!;
    expect(scriptSrc).toContain(hashOf(island));
    expect(scriptSrc).toContain(hashOf("import './x.js'"));
    expect(scriptSrc).toContain(hashOf(consentGated));
    // Data blocks never run, so they need no permission.
    expect(scriptSrc).not.toContain(hashOf('{"@type":"Organization"}'));
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  test('adds third-party origins only when a page uses them', () => {
    const plain = contentSecurityPolicy(collectPolicySources('<p>sem terceiros</p>', emptySources()));
    expect(plain).not.toMatch(/google|openstreetmap/);

    const sources = collectPolicySources(
      `<script type="text/plain" data-consent="analytics" data-src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"></script>
       <iframe title="Mapa" src="https://www.openstreetmap.org/export/embed.html?bbox=1&amp;layer=mapnik"></iframe>`,
      emptySources(),
    );
    const csp = contentSecurityPolicy(sources, { apiOrigin: 'https://api.exemplo.com.br' });
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.exemplo\.com\.br https:\/\/\*\.google-analytics\.com/);
    expect(csp).toContain("frame-src 'self' https://www.openstreetmap.org");
  });
});
