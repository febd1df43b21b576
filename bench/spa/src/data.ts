// Route data the app fetches as JSON (what a client-rendered site gets from its API).
import { useEffect, useState } from 'react';
import type { ArticleSummary } from '../../../src/lib/blog/filter';
import type { Attributes } from './markup';

export interface RelatedArticle extends ArticleSummary {
  img: Attributes;
}

export interface ArticleData extends ArticleSummary {
  cover: Attributes;
  readingTime: string;
  bodyHtml: string;
  related: RelatedArticle[];
}

type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed' };

/** Fetches a JSON file for the current route; a new URL starts over. */
export function useJson<T>(url: string): Loaded<T> {
  const [loaded, setLoaded] = useState<{ url: string; result: Loaded<T> }>({ url, result: { state: 'loading' } });
  useEffect(() => {
    let cancelled = false;
    fetch(url)
      .then((response) => (response.ok ? (response.json() as Promise<T>) : Promise.reject(new Error(String(response.status)))))
      .then(
        (data) => !cancelled && setLoaded({ url, result: { state: 'ready', data } }),
        () => !cancelled && setLoaded({ url, result: { state: 'failed' } }),
      );
    return () => {
      cancelled = true;
    };
  }, [url]);
  return loaded.url === url ? loaded.result : { state: 'loading' };
}

/** Sets the document title, as our pages' <title> does. */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
