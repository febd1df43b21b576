interface ImportMetaEnv {
  /** Google Analytics measurement id (G-XXXXXXX); empty means no analytics. */
  readonly PUBLIC_ANALYTICS_ID?: string;
  /** Canonical origin of the public site. */
  readonly PUBLIC_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrates the cookie banner only when it has to show (src/lib/consent/directive.ts). */
    'client:consent'?: boolean;
    /** Hydrates the site search only when a visitor opens it (src/lib/search/directive.ts). */
    'client:search'?: boolean;
  }
}
