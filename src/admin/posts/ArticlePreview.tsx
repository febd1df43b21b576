/**
 * The preview of a post as the site shows it: a frame that loads the site's own
 * stylesheet (src/styles/global.css: its reset, tokens and `.prose-article` rules)
 * and renders the article header with the classes of src/pages/blog/[slug].astro
 * and the body as the site's Markdown pipeline renders it (usePreview). The frame
 * keeps the site's CSS away from the admin's and is sandboxed without scripts, a
 * second barrier behind the pipeline's sanitizing step.
 */
import Box from '@mui/material/Box';
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import siteStylesUrl from '../../styles/global.css?url';
import { CATEGORY_BADGE, type BlogCategory } from '../../lib/blog-filter';
import { usePreview } from './usePreview';

const FRAME_DOCUMENT = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><link rel="stylesheet" href="${siteStylesUrl}"></head><body></body></html>`;

export interface ArticlePreviewProps {
  title: string;
  content: string;
  category?: string;
  tags: string[];
  author?: string;
  height?: number | string;
}

function ArticleBody({ title, content, category, tags, author }: ArticlePreviewProps) {
  const { html, error } = usePreview(content);
  const badge = CATEGORY_BADGE[category as BlogCategory];
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:px-6" data-article-preview>
      {(category || author) && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {category && <span className={`rounded-full px-3 py-1 font-semibold ${badge ?? ''}`}>{category}</span>}
          {author && <span className="text-muted">Por {author}</span>}
        </div>
      )}
      <h1 className="mt-4 text-3xl font-extrabold text-balance text-ink sm:text-4xl">{title || 'Sem título'}</h1>
      {tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-ink">
              #{tag}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-8 rounded-md bg-amber-50 p-3 text-sm text-ink">
          {error}
        </p>
      )}
      {/* Rendered and sanitized by the site's Markdown pipeline on the server. */}
      <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export function ArticlePreview(props: ArticlePreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);

  // The frame starts on an empty about:blank document; render once ours has loaded.
  const attach = () => {
    const document = frame.current?.contentDocument;
    if (document?.URL === 'about:srcdoc') setBody(document.body);
  };

  return (
    <Box
      component="iframe"
      ref={frame}
      title="Pré-visualização do post"
      srcDoc={FRAME_DOCUMENT}
      // No scripts in the frame; same origin only so the editor can render into it.
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      onLoad={attach}
      sx={{ width: '100%', height: props.height ?? 560, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
    >
      {body && createPortal(<ArticleBody {...props} />, body)}
    </Box>
  );
}
