/**
 * Records left out of a build: one CMS record the site's schema refuses (or whose page
 * failed to render, named by the publisher in PUBLISH_EXCLUDE) never stops the rest
 * from being published. Each is logged on one line the publisher reads back
 * (scripts/publish/left-out.mjs) and shows in the admin's 'Publicação do site' panel.
 */
import { LEFT_OUT_MARK } from '../../../scripts/publish/left-out.mjs';
/** Which CMS record an entry comes from. */
export interface RecordOrigin {
  collection:
    | 'posts'
    | 'pages'
    | 'public_site_settings'
    | 'comments'
    | 'menus'
    | 'testimonials'
    | 'faq_entries'
    | 'partners'
    | 'product_lines'
    | 'products'
    | 'datasheets'
    | 'software';
  /** The record's id in PocketBase (for the admin's edit link). */
  id: string;
  /** What staff call it: the title, name or key. */
  label: string;
}

export interface LeftOut extends RecordOrigin {
  /** The entry's id in the site (a post's or page's slug, a setting's key). */
  entry: string;
  reason: string;
}

/**
 * The entries the publisher asks to leave out because their pages failed to render:
 * "collection:entry" key → why (PUBLISH_EXCLUDE, a JSON object).
 */
export function excludedEntries(env: Record<string, string | undefined> = process.env): Map<string, string> {
  try {
    const given: unknown = JSON.parse(env.PUBLISH_EXCLUDE || '{}');
    if (!given || typeof given !== 'object' || Array.isArray(given)) return new Map();
    return new Map(Object.entries(given).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
  } catch {
    return new Map();
  }
}

/** A schema error as one readable line: the field and what is wrong, without Astro's Markdown. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message
    .split('\n')
    .map((line) => line.replace(/\*\*/g, '').trim())
    .filter((line) => line && !/^(blog|cmsPages|cmsSettings) →/.test(line));
  return lines.join(' ').replace(/\s+/g, ' ').slice(0, 500);
}

/** The log line for a left-out record. */
export function leftOutLine(record: LeftOut): string {
  return LEFT_OUT_MARK + JSON.stringify(record);
}
