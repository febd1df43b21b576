// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Adds `client:consent` (src/lib/consent/directive.ts): the cookie banner hydrates only
 * when it has to show, so returning visitors load no JavaScript for it.
 * @returns {import('astro').AstroIntegration}
 */
export function cookieConsentDirective() {
  return {
    name: 'operium:cookie-consent-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'consent',
          entrypoint: fileURLToPath(new URL('../lib/consent/directive.ts', import.meta.url)),
        });
      },
    },
  };
}
