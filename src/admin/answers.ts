/**
 * What the admin data provider's own methods (src/admin/dataProvider.ts AdminMethods) send
 * and answer, besides react-admin's records: the shapes the pb_hooks routes named on each
 * type read or write.
 */

/** What a page's preview is made of: its name and description (the h1 of a page without a header of its own) and its sections. */
export interface PagePreviewRequest {
  name: string;
  description: string;
  sections: readonly unknown[];
}

/** The server's answer to a test e-mail: sent, or why not in pt-BR with the server's own words. */
export type TestMailAnswer =
  { sent: true; to: string; message: string } | { sent: false; reason: string; message: string; detail: string };

/** A place that uses a media file (pb_hooks/lib/media/usage.js `usageOf`). */
export type MediaUse =
  | { kind: 'post' | 'page' | 'partner' | 'product' | 'line'; id: string; title: string; status: string }
  | { kind: 'setting'; id: string; key: string };

/** A place that uses a product (pb_hooks/lib/catalog/usage.js `usageOf`). */
export interface ProductUse {
  kind: 'post' | 'page' | 'menu' | 'product';
  id: string;
  title: string;
  status: string;
}

/** What the 'Enviar newsletter' dialog shows (pb_hooks/lib/newsletter/send.js `audience`). */
export interface NewsletterAudience {
  live: boolean;
  mailReady: boolean;
  title?: string;
  /** The id of this post's send still running, or ''. */
  running?: string;
  confirmed: number;
  toSend: number;
  alreadySent: number;
}
