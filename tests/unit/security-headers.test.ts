import { describe, expect, test } from 'vitest';
import { HEADER_CSP, headersManifest, pageCsp } from '../../src/integrations/security-headers.mjs';

/** The rules of the `/*` block of a `_headers` manifest. */
function headersForAllPaths(manifest: string) {
  const block = manifest.split('\n/_astro/*')[0]!.split('\n/*\n')[1]!;
  return new Map(
    block.split('\n').map(
      (line) =>
        line
          .trim()
          .split(/: (.*)/s)
          .slice(0, 2) as [string, string],
    ),
  );
}

describe("the pages' Content-Security-Policy (Astro's security.csp)", () => {
  test('allows our own scripts, inline ones only by the hashes Astro adds, and loads no plugins', () => {
    const csp = pageCsp();
    // WebAssembly may be compiled (the site search's reader, Pagefind); JavaScript is never eval'd.
    expect(csp.scriptDirective?.resources).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.scriptDirective?.resources).not.toContain("'unsafe-eval'");
    expect(csp.directives).toContain("object-src 'none'");
    expect(csp.directives).toContain("base-uri 'self'");
    expect(csp.directives).toContain("form-action 'self'");
    // Styles may be inline (scoped styles, Shiki, MUI); styles cannot run code.
    expect(csp.styleDirective?.resources).toEqual(["'self'", "'unsafe-inline'"]);
  });

  test('adds the API origin to connect-src and form-action only when it is another host', () => {
    expect(pageCsp().directives).toContain("connect-src 'self'");
    expect(pageCsp({ apiUrl: '' }).directives).toContain("connect-src 'self'");
    expect(pageCsp({ apiUrl: 'https://api.exemplo.com.br/' }).directives).toContain(
      "connect-src 'self' https://api.exemplo.com.br",
    );
    // The public forms post there by themselves before their island loads, or without JavaScript.
    expect(pageCsp({ apiUrl: 'https://api.exemplo.com.br/' }).directives).toContain(
      "form-action 'self' https://api.exemplo.com.br",
    );
  });

  test('leaves to the header what a <meta> policy cannot carry', () => {
    // Browsers ignore these in a <meta> tag and log an error.
    for (const directive of pageCsp().directives ?? []) {
      expect(directive).not.toMatch(/^(frame-ancestors|report-uri|report-to|sandbox)\b/);
    }
  });
});

describe('the _headers manifest', () => {
  test('sends frame-ancestors as a header policy that restricts nothing else', () => {
    const headers = headersForAllPaths(headersManifest());
    expect(headers.get('Content-Security-Policy')).toBe(HEADER_CSP);
    expect(HEADER_CSP).toBe("frame-ancestors 'none'");
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  test("caches Astro's fingerprinted assets for a year", () => {
    expect(headersManifest()).toMatch(/\n\/_astro\/\*\n {2}Cache-Control: public, max-age=31536000, immutable\n/);
  });
});
