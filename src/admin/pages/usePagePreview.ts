/**
 * The preview of a page as the site will show it: its sections rendered by the site's
 * own Astro components in the publisher (POST /api/site/preview/page,
 * pb_hooks/preview.pb.js), asked for once the form has been still for a moment. A
 * newer request cancels the one in flight (react-query aborts a query nobody watches
 * any more), and the last good render stays on screen while the next one comes, or
 * beside the reason it could not come. The HTML goes in the frame of
 * src/admin/common/SitePreview.tsx, which carries the site's stylesheet.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebounced } from '../common/useDebounced';
import { useAdminDataProvider, type PagePreviewRequest } from '../dataProvider';
import { reasonOf } from '../errors';

/**
 * How long the form must stay unchanged before a preview is asked for: a render
 * takes a few milliseconds once the publisher has started its renderer, so the
 * preview follows typing within a second.
 */
const QUIET_MS = 300;

export interface PagePreview {
  /** The sections' HTML, each section's outermost element with its `data-section-id`. */
  html: string;
  /**
   * The styles the sections' components bring themselves (their `<style>`), for a
   * `<style>` element in the frame beside the site's stylesheet.
   */
  css: string;
  /** A pt-BR reason when the newest preview could not be made (the renderer is down, a section has problems). */
  error: string | null;
  /** Whether a newer preview than the one shown is on its way. */
  loading: boolean;
}

export function usePagePreview(page: PagePreviewRequest, enabled = true): PagePreview {
  const dataProvider = useAdminDataProvider();
  // The form hands over new values on every change: their text is what identifies a preview.
  const typed = JSON.stringify(page);
  const settled = useDebounced(typed, QUIET_MS);
  const query = useQuery({
    queryKey: ['page-preview', settled],
    queryFn: ({ signal }) => dataProvider.renderPagePreview(JSON.parse(settled) as PagePreviewRequest, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Infinity,
    // Each key holds a whole page's sections: a render nobody shows any more is dropped.
    gcTime: 0,
  });
  // Kept for when a preview fails: the page as it last rendered, beside the reason.
  const [lastGood, setLastGood] = useState({ html: '', css: '' });
  const fresh = query.isSuccess && !query.isPlaceholderData ? query.data : null;
  if (fresh && (fresh.html !== lastGood.html || fresh.css !== lastGood.css)) setLastGood({ html: fresh.html, css: fresh.css });
  const shown = query.data ?? lastGood;
  return {
    html: shown.html,
    css: shown.css,
    error: query.isError ? reasonOf(query.error) : null,
    loading: enabled && (settled !== typed || query.isFetching),
  };
}

/**
 * The `data-section-id` of the section a click in the preview landed in (the nearest
 * marked element around its target, inside `preview`), or null: the page's form
 * opens that section. The preview lives in a frame, whose nodes are not instances of
 * this window's Element, hence the duck typing.
 * @example preview.addEventListener('click', (event) => { const id = clickedSectionId(event, preview); … })
 */
export function clickedSectionId(event: Pick<Event, 'target'>, preview: Pick<Element, 'contains'>): string | null {
  const target = event.target as (Partial<Element> & { parentElement?: Element | null }) | null;
  // A click on text targets its Text node; its parent is the element.
  const element = typeof target?.closest === 'function' ? (target as Element) : (target?.parentElement ?? null);
  const section = element?.closest('[data-section-id]');
  return section && preview.contains(section) ? section.getAttribute('data-section-id') : null;
}
