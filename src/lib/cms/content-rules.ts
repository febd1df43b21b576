/**
 * The site's content rules for what staff publish in the admin, from the file the
 * server's hooks enforce at save (shared/content-rules.json). The blog and
 * pages collections (src/content.config.ts) are built from these schemas, so a
 * record PocketBase accepts is one the build accepts.
 */
import { z } from 'astro/zod';
import rules from '../../../shared/content-rules.json';
import { BLOG_CATEGORIES } from '../blog/filter';
import { parseArticleDate } from '../dates';
import { sectionsSchema } from './sections';

export const POST_RULES = rules.posts;
export const PAGE_RULES = rules.pages;
/** What a scheduled post or page needs: a publication time, in the future (pt-BR messages). */
export const SCHEDULE_RULES = rules.schedule;

/** Lowercase letters and digits separated by single hyphens. */
export const SLUG_PATTERN = new RegExp(rules.slugPattern);

const slug = (max: number) => z.string().regex(SLUG_PATTERN, 'slug: letras minúsculas e números separados por hífens').max(max);
/** A text within a rule's limits. */
const ruled = (rule: { min?: number; max: number }) =>
  z
    .string()
    .min(rule.min ?? 0)
    .max(rule.max);

/** The blog entry's fields every article has, MDX or CMS (the MDX-only ones are added in content.config). */
export const articleFields = {
  slug: slug(POST_RULES.slug.max),
  title: ruled(POST_RULES.title),
  excerpt: ruled(POST_RULES.excerpt),
  /** CMS posts describe their cover by the title, so the title's rule is this one. */
  imageAlt: ruled(POST_RULES.title),
  author: ruled(POST_RULES.author_name),
  /**
   * The publication day: a calendar date, held as midnight UTC of that day and shown as
   * that day (src/lib/format.ts). An MDX article's front matter `date: 2022-09-13`; a CMS
   * post's `published_at` placed in Brasília first (23:47 on the 26th there is the 26th).
   * Text that cannot be read counts as the epoch start (src/lib/dates.ts says why).
   */
  date: z.preprocess(parseArticleDate, z.date()),
  /**
   * The publication moment, when there is one (CMS posts: `published_at`): it orders the
   * articles of one day and is what the feed and JSON-LD declare. A day-only article
   * counts as published at the start of its day in Brasília (src/lib/blog/article-dates.ts).
   */
  publishedAt: z.date().optional(),
  /**
   * The last update's day, like `date` (MDX front matter `updated: 2023-01-05`; a CMS
   * post's record `updated`, in Brasília, only when a later day than `date`). Shown as
   * 'Atualizado em …' when after the publication day.
   */
  updated: z.coerce.date().optional(),
  category: z.enum(BLOG_CATEGORIES),
  tags: z.array(ruled(POST_RULES.tags)).max(POST_RULES.tags.maxItems).default([]),
};

/** A published page as the site reads it (src/lib/cms/pages.ts). */
export const pageSchema = z
  .object({
    slug: slug(PAGE_RULES.slug.max),
    name: ruled(PAGE_RULES.name),
    title: ruled(PAGE_RULES.title),
    meta_description: ruled(PAGE_RULES.meta_description),
    is_homepage: z.boolean(),
    /** Slugs the page had while published, each redirected to its address (src/lib/cms/page-links.ts). */
    old_slugs: z.array(z.string()).default([]),
    /** The page's typed sections, in order (shared/page-sections.js, src/components/sections/). */
    sections: sectionsSchema,
    /** The Mídia images of their image fields, by section id then field (src/lib/cms/section-fields.ts). */
    images: z
      .record(
        z.string(),
        z.record(
          z.string(),
          z.object({
            src: z.string().regex(/^(?:\/|https?:\/\/)/),
            width: z.number().int().positive().optional(),
            height: z.number().int().positive().optional(),
            srcset: z.string().optional(),
            sizes: z.string().optional(),
          }),
        ),
      )
      .default({}),
  })
  .refine((page) => page.is_homepage || PAGE_RULES.content.builtInSlugs.includes(page.slug) || page.sections.length > 0, {
    path: ['sections'],
    message: PAGE_RULES.content.empty,
  });
