/**
 * One bad record never stops the rest: the loaders leave out an entry the site's
 * schema refuses (or one the publisher excludes) and name it on a log line the
 * publisher reads back; a page that fails to render maps to the entry to exclude.
 * An unchanged entry is kept as stored, its body not rendered again.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { LoaderContext } from 'astro/loaders';
import { storeEntries, type SourceEntry } from '../../src/lib/cms/loaders';
import { pageSchema } from '../../src/lib/cms/content-rules';
import { leftOutLine } from '../../src/lib/cms/left-out';
import { parseLeftOut, renderFailure } from '../../scripts/publish/left-out.mjs';
import { markdownConfig } from '../../src/config/markdown';

/** A collection's store and what a loader is handed, with the real pages schema as parser. */
function loaderContext(collection = 'cmsPages') {
  const entries = new Map<string, { id: string; data: Record<string, unknown>; digest?: string }>();
  const warnings: string[] = [];
  const context = {
    collection,
    store: {
      values: () => [...entries.values()],
      get: (id: string) => entries.get(id),
      set: (entry: { id: string; data: Record<string, unknown>; digest?: string }) => entries.set(entry.id, entry),
      delete: (id: string) => entries.delete(id),
    },
    parseData: async ({ data }: { data: unknown }) => pageSchema.parse(data),
    generateDigest: (data: unknown) => JSON.stringify(data),
    logger: { warn: (line: string) => warnings.push(line) },
    // The site's own Markdown configuration, as Astro hands it to loaders.
    config: { markdown: markdownConfig },
  } as unknown as LoaderContext;
  return { context, entries, warnings };
}

const pageEntry = (slug: string, name: string, id = `id-${slug}`): SourceEntry => ({
  id: slug,
  origin: { collection: 'pages', id, label: name },
  data: {
    slug,
    name,
    title: '',
    meta_description: '',
    is_homepage: false,
    sections: [{ id: 'secao1', type: 'text', title: name, body: 'Texto.', style: 'plain' }],
  },
});

afterEach(() => {
  delete process.env.PUBLISH_EXCLUDE;
});

describe('the loaders leave out what the site cannot take', () => {
  test('an entry the schema refuses is left out and named; the others are stored', async () => {
    const { context, entries, warnings } = loaderContext();
    await storeEntries(context, [pageEntry('boa', 'Página boa'), pageEntry('ruim', 'R'), pageEntry('outra', 'Outra página')]);
    expect([...entries.keys()].sort()).toEqual(['boa', 'outra']);
    expect(warnings).toHaveLength(1);
    const record = parseLeftOut(`[operium-cms-pages] ${warnings[0]}`);
    expect(record).toMatchObject({ collection: 'pages', id: 'id-ruim', label: 'R', entry: 'ruim' });
    expect(record!.reason).toContain('name');
  });

  test('an entry that was published before and is refused now is taken off the site', async () => {
    const { context, entries } = loaderContext();
    await storeEntries(context, [pageEntry('pagina', 'Página')]);
    expect(entries.has('pagina')).toBe(true);
    await storeEntries(context, [pageEntry('pagina', 'P')]);
    expect(entries.has('pagina')).toBe(false);
  });

  test('an entry the publisher excludes is left out with the error its page gave', async () => {
    process.env.PUBLISH_EXCLUDE = JSON.stringify({ 'cmsPages:quebrada': 'Error: boom' });
    const { context, entries, warnings } = loaderContext();
    await storeEntries(context, [pageEntry('quebrada', 'Página quebrada'), pageEntry('boa', 'Página boa')]);
    expect([...entries.keys()]).toEqual(['boa']);
    expect(parseLeftOut(warnings[0]!)).toMatchObject({ entry: 'quebrada', reason: 'A página falhou ao ser gerada: Error: boom' });
  });

  test('an entry from git (no CMS origin) that breaks the schema still fails the build', async () => {
    const { context } = loaderContext();
    const fromGit = { ...pageEntry('git', 'G'), origin: undefined };
    await expect(storeEntries(context, [fromGit])).rejects.toThrow();
  });
});

describe('the publisher reads the build back', () => {
  test('a left-out line round-trips', () => {
    const record = { collection: 'posts' as const, id: 'abc', label: 'Título "com aspas"', entry: 'titulo', reason: 'motivo' };
    expect(parseLeftOut(`12:00:01 [WARN] [operium-blog] ${leftOutLine(record)}`)).toEqual(record);
    expect(parseLeftOut('12:00:01 [build] Completed')).toBeNull();
  });

  test("a page that failed to render names the CMS entry to leave out; the code's own pages do not", () => {
    expect(renderFailure('[ERROR] [build] Caught error rendering /blog/meu-post: TypeError: x is undefined')).toEqual({
      key: 'blog:meu-post',
      reason: 'TypeError: x is undefined',
    });
    expect(renderFailure('Caught error rendering /programa-de-parceiros: Error: boom')).toEqual({
      key: 'cmsPages:programa-de-parceiros',
      reason: 'Error: boom',
    });
    expect(renderFailure('Caught error rendering /blog/pagina/2: Error: boom')).toBeNull();
    expect(renderFailure('Caught error rendering /produtos/ops010: Error: boom')).toBeNull();
  });
});

describe('a stored body is rendered again only when it changed', () => {
  test('the same Markdown keeps the stored entry; new Markdown is rendered; the renderer is part of the digest', async () => {
    const { context, entries } = loaderContext();
    const withBody = (markdown: string): SourceEntry => ({ ...pageEntry('pagina', 'Página'), markdown });
    expect(await storeEntries(context, [withBody('## Olá\n\nTexto.')])).toBe(1);
    const stored = entries.get('pagina') as { digest: string; rendered?: { html: string } };
    expect(stored.rendered?.html).toBe('<h2 id="olá">Olá</h2>\n<p>Texto.</p>');
    // The digest covers the renderer's own code, so a change to it renders every body again.
    expect(stored.digest).toContain('operium-article');

    expect(await storeEntries(context, [withBody('## Olá\n\nTexto.')])).toBe(0);
    expect(entries.get('pagina')).toBe(stored);

    expect(await storeEntries(context, [withBody('## Olá\n\nTexto <script>x()</script>novo.')])).toBe(1);
    expect((entries.get('pagina') as typeof stored).rendered?.html).toBe('<h2 id="olá">Olá</h2>\n<p>Texto novo.</p>');
  });
});
