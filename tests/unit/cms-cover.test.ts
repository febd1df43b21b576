import { describe, expect, test } from 'vitest';
import { publicFilesUrl } from '../../src/lib/cms/client';
import { toBlogEntry, type CmsPostRecord } from '../../src/lib/cms/posts';

const post: CmsPostRecord = {
  id: 'abc123',
  title: 'Post com capa',
  slug: 'post-com-capa',
  excerpt: 'Resumo do post com capa',
  content: 'Texto',
  cover: 'capa nova.png',
  category: 'Técnico',
  tags: [],
  status: 'published',
  author_name: 'Equipe',
  published_at: '2025-05-01 10:00:00.000Z',
  created: '2025-05-01 10:00:00.000Z',
};

describe('CMS post covers', () => {
  test('come from the site itself when the API shares its origin, never from the address the build read', () => {
    expect(publicFilesUrl({ PUBLIC_SITE_URL: 'https://www.exemplo.com.br' })).toBe('');
    expect(toBlogEntry(post, publicFilesUrl({})).data.coverUrl).toBe('/api/files/posts/abc123/capa%20nova.png');
  });

  test('come from the public API when the static site lives on another host', () => {
    const filesUrl = publicFilesUrl({ PUBLIC_API_URL: 'https://api.exemplo.com.br/' });
    expect(toBlogEntry(post, filesUrl).data.coverUrl).toBe('https://api.exemplo.com.br/api/files/posts/abc123/capa%20nova.png');
  });
});
