/**
 * The MDX articles in git as the hooks know them: the list the site build writes
 * (src/pages/blog/dados/artigos-git.json.ts), read from the live build. A test server
 * with no built site gets a site holding only that list (startTestServer's
 * `gitArticles`), so visitors can comment on an article in git.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GitArticle } from '../../src/lib/blog/blog';

/** Where the build writes the list, from the site's root. */
export const GIT_ARTICLES_FILE = 'blog/dados/artigos-git.json';

/** The article the tests comment on, as the build lists it (tests/api/git-articles.test.ts checks it on a real build). */
export const FUNCAO_MAP: GitArticle = {
  id: 'funcao-map-no-arduino',
  slug: 'funcao-map-no-arduino',
  title: 'A função map() do Arduino: como funciona e onde ela engana',
  excerpt:
    'Assinatura, conta interna e comportamento inteiro de map(), exemplos com 0-1023 e 0-10 V no ESP32, uma função mapFloat() e o uso de constrain() para limitar a faixa.',
  category: 'Técnico',
  author: 'Thiago Berndt',
  date: '2022-06-21',
  path: 'src/content/blog/funcao-map-no-arduino.mdx',
  url: '/blog/funcao-map-no-arduino',
};

/** Writes the list into a built site's folder, as the build does. */
export async function writeGitArticles(siteDir: string, articles: GitArticle[]): Promise<void> {
  const file = path.join(siteDir, GIT_ARTICLES_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(articles));
}
