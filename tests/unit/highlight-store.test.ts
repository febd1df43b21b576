/**
 * Highlighted code blocks kept on disk between builds (src/lib/markdown/highlight-store.ts):
 * a new processor, as the next publication's build has, reads them instead of
 * starting Shiki, and the HTML is the same as highlighted afresh.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { SHIKI_CONFIG, createMarkdownProcessor } from '../../src/config/markdown';
import { createHighlightStore } from '../../src/lib/markdown/highlight-store';
import { useHighlightStore } from '../../src/lib/markdown/highlight';
import { createArticleRenderer, renderArticle } from '../../src/lib/markdown/render';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'highlight-store-'));
});
afterAll(async () => {
  useHighlightStore(null);
  await rm(dir, { recursive: true, force: true });
});

/** A new processor, with nothing in memory: what a new build process starts with. */
async function renderWithNewProcessor(markdown: string) {
  const renderer = await createArticleRenderer({ processor: createMarkdownProcessor(), shikiConfig: SHIKI_CONFIG });
  return (await renderArticle(renderer, markdown)).html;
}

const BODY = '## Leitura\n\n```cpp\nint leitura = analogRead(A0);\n```\n\n```json\n{ "porta": 502 }\n```';

test('a block is stored once, read by the next build, and gives the same HTML as a fresh highlight', async () => {
  const store = path.join(dir, 'pipeline');
  const fresh = await renderWithNewProcessor(BODY);

  useHighlightStore({ dir: store, root: process.cwd(), shikiConfig: SHIKI_CONFIG });
  expect(await renderWithNewProcessor(BODY)).toBe(fresh);
  // Written beside the render, not before it returns.
  const files = await vi.waitFor(async () => {
    const written = await readdir(store);
    expect(written.filter((file) => file.endsWith('.json'))).toHaveLength(2);
    expect(written.filter((file) => file.endsWith('.tmp'))).toEqual([]);
    return written;
  });
  expect(await renderWithNewProcessor(BODY)).toBe(fresh);

  // Proof the next processor read the disk, not Shiki: a stored colour changed by hand shows.
  for (const file of files) {
    const text = await readFile(path.join(store, file), 'utf8');
    await writeFile(path.join(store, file), text.replaceAll('#0a0c10', '#123456'));
  }
  const fromDisk = await renderWithNewProcessor(BODY);
  expect(fresh).toContain('background-color:#0a0c10');
  expect(fromDisk).toContain('background-color:#123456');
  expect(fromDisk.replaceAll('#123456', '#0a0c10')).toBe(fresh);
});

test('other settings never read a stored block; a damaged file is highlighted again', async () => {
  const store = path.join(dir, 'salted');
  const node = { type: 'element', tagName: 'pre', properties: {}, children: [] } as never;
  const a = createHighlightStore(store, 'a');
  await a.put('cpp\u0000\u0000int x;', node);
  expect(await createHighlightStore(store, 'a').get('cpp\u0000\u0000int x;')).toEqual(node);
  expect(await createHighlightStore(store, 'b').get('cpp\u0000\u0000int x;')).toBeUndefined();
  expect(await a.get('cpp\u0000\u0000int y;')).toBeUndefined();

  const [file] = await readdir(store);
  await writeFile(path.join(store, file!), '{"type":"elem');
  expect(await a.get('cpp\u0000\u0000int x;')).toBeUndefined();
});
