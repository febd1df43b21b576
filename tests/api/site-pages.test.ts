/**
 * The site's own pages as records (pb_migrations/1795310800_site_pages.js): a fresh
 * install has the five pages of shared/site-pages.json; an install where staff had
 * already published a page at one of their addresses (or a home page) keeps that page's
 * name, title and description, and its own sections after the seed's; a draft there
 * gives nothing of its own to the site, and is kept in the page's history.
 */
import { describe, expect, test } from 'vitest';
import seed from '../../shared/site-pages.json';
import { startTestServer, superuserToken, upgradedServer } from '../helpers/server';
import { history } from '../helpers/records';
import { newClient } from '../helpers/staff';

const MIGRATION = '1795310800_site_pages.js';
const seedPage = (slug: string) => seed.pages.find((page) => page.slug === slug)!;

describe('the site pages a fresh install gets', () => {
  test('the five pages of the seed, published, with its sections; one home page', async () => {
    const server = await startTestServer();
    try {
      const client = newClient(server);
      client.authStore.save(await superuserToken(server));
      const pages = await client.collection('pages').getFullList({ sort: 'slug' });
      expect(pages.map((page) => page.slug)).toEqual(seed.pages.map((page) => page.slug).sort());
      for (const page of pages) {
        const expected = seedPage(page.slug);
        expect(page, page.slug).toMatchObject({
          name: expected.name,
          title: expected.title,
          meta_description: expected.meta_description,
          status: 'published',
          is_homepage: expected.is_homepage,
          content: expected.content,
        });
      }
      // Anyone reads them: the site's build does, without signing in.
      expect((await newClient(server).collection('pages').getFullList()).length).toBe(seed.pages.length);
    } finally {
      await server.stop();
    }
  });

  test('an install upgraded with pages at those addresses keeps what staff typed; a draft stays unpublished, in the history', async () => {
    // Pages as the admin wrote them before (this version's hooks refuse the old shape).
    const { server, stop } = await upgradedServer(MIGRATION, (db) => {
      const insert = db.prepare(
        "INSERT INTO pages (id, name, slug, title, meta_description, content, status, is_homepage, old_slugs, in_header, in_footer, menu_order, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '[]', 0, 0, 0, '2025-01-01 00:00:00.000Z', '2025-01-01 00:00:00.000Z')",
      );
      // A page that lent its SEO to /clientes, with a section staff meant to publish.
      insert.run(
        'paginaclient001',
        'Nossos clientes',
        'clientes',
        'Clientes da Operium',
        'Indústrias que confiam nos controladores da Operium.',
        JSON.stringify({ sections: [{ heading: 'Setores', body: 'Alimentos, **têxtil** e metalurgia.' }] }),
        'published',
        0,
      );
      // A draft at /quem-somos: neither its texts nor its SEO were ever public.
      insert.run(
        'paginasobre0001',
        'Sobre a empresa',
        'quem-somos',
        'Quem somos e o que fazemos',
        'A equipe e a história da empresa, contadas por quem a faz.',
        JSON.stringify({ sections: [{ heading: 'Nossa equipe', body: 'Engenheiros e técnicos em **Jaraguá do Sul**.' }] }),
        'draft',
        0,
      );
      // A home page of its own address, lending its title to the home page.
      insert.run(
        'paginainicio001',
        'Página inicial',
        'pagina-inicial',
        'Operium: eletrônica industrial',
        '',
        '{"sections":[]}',
        'published',
        1,
      );
    });
    const clients = { id: 'paginaclient001' };
    const about = { id: 'paginasobre0001' };
    const home = { id: 'paginainicio001' };
    try {
      const client = newClient(server);
      client.authStore.save(await superuserToken(server));
      const pages = client.collection('pages');

      const clientsSeed = seedPage('clientes').content.sections;
      const upgraded = await pages.getOne(clients.id);
      expect(upgraded).toMatchObject({
        name: 'Nossos clientes',
        title: 'Clientes da Operium',
        meta_description: 'Indústrias que confiam nos controladores da Operium.',
        status: 'published',
      });
      const sections = (upgraded.content as { sections: Record<string, unknown>[] }).sections;
      expect(sections.slice(0, clientsSeed.length)).toEqual(clientsSeed);
      expect(sections.slice(clientsSeed.length)).toEqual([
        {
          id: expect.stringMatching(/^[a-z0-9]{12}$/),
          type: 'text',
          title: 'Setores',
          body: 'Alimentos, **têxtil** e metalurgia.',
          style: 'plain',
        },
      ]);

      // The draft: the route stays the one the site had (the seed's), its own version in the history.
      const aboutSeed = seedPage('quem-somos');
      expect(await pages.getOne(about.id)).toMatchObject({
        name: aboutSeed.name,
        slug: 'quem-somos',
        title: aboutSeed.title,
        meta_description: aboutSeed.meta_description,
        status: 'published',
        content: aboutSeed.content,
      });
      const aboutHistory = await history(client, 'pages', about.id);
      const kept = aboutHistory.find((revision) => revision.data.status === 'draft');
      expect(kept, 'the draft is a version of the page').toBeDefined();
      expect(kept).toMatchObject({ published: false, editor: '' });
      expect(kept!.data).toMatchObject({
        name: 'Sobre a empresa',
        title: 'Quem somos e o que fazemos',
        meta_description: 'A equipe e a história da empresa, contadas por quem a faz.',
        content: {
          sections: [
            {
              id: expect.stringMatching(/^[a-z0-9]{12}$/),
              type: 'text',
              title: 'Nossa equipe',
              body: 'Engenheiros e técnicos em **Jaraguá do Sul**.',
              style: 'plain',
            },
          ],
        },
      });
      expect(aboutHistory[0]!.data.status, 'the newest version is the published page').toBe('published');
      // What a visitor's build reads holds nothing of the draft.
      const visible = JSON.stringify(await newClient(server).collection('pages').getFullList());
      expect(visible).not.toContain('Nossa equipe');
      expect(visible).not.toContain('Quem somos e o que fazemos');
      // Its sections can be brought back from its history.
      const restored = await pages.update(about.id, { content: kept!.data.content, restored_from: kept!.id });
      expect(restored.content).toEqual(kept!.data.content);

      const homes = await pages.getFullList({ filter: 'is_homepage = true' });
      expect(homes.map((page) => page.id)).toEqual([home.id]);
      expect(homes[0]).toMatchObject({ name: 'Página inicial', slug: 'pagina-inicial', title: 'Operium: eletrônica industrial' });
      expect((homes[0]!.content as { sections: unknown[] }).sections).toEqual(seedPage('inicio').content.sections);
      // The other pages of the seed are new.
      const slugs = (await pages.getFullList({ sort: 'slug' })).map((page) => page.slug);
      expect(slugs).toEqual(['clientes', 'contato', 'pagina-inicial', 'projetos-sob-medida', 'quem-somos']);
    } finally {
      await stop();
    }
  });
});
