/**
 * The preview of a post as the site shows it, in the site's frame
 * (src/admin/common/SitePreview.tsx): the article header with the classes of
 * src/pages/blog/[slug].astro and the body as the site's Markdown pipeline renders
 * it (usePreview).
 */
import { PreviewBody, SitePreviewFrame } from '../common/SitePreview';
import { CATEGORY_BADGE, type BlogCategory } from '../../lib/blog/filter';
import { usePreview } from '../common/usePreview';

export interface ArticlePreviewProps {
  title: string;
  content: string;
  category?: string;
  tags: string[];
  author?: string;
  height?: number | string;
}

function ArticleBody({ title, content, category, tags, author }: ArticlePreviewProps) {
  const preview = usePreview(content);
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
      <PreviewBody preview={preview} className="mt-8" />
    </article>
  );
}

export function ArticlePreview(props: ArticlePreviewProps) {
  return (
    <SitePreviewFrame title="Pré-visualização do post" height={props.height}>
      <ArticleBody {...props} />
    </SitePreviewFrame>
  );
}
