/// <reference path="../pb_data/types.d.ts" />

// The site's own pages as records (shared/site-pages.json): Home, Quem Somos, Projetos
// Sob Medida, Clientes and Contato, with the texts they had as code, made of the typed
// sections of shared/page-sections.js. A fresh install gets them as they are. Where a
// page with one of their slugs (or a home page) already exists, as staff could make one
// to give such a route its title and description, it keeps its name, title and
// description, and its content becomes the seed's sections followed by its own (an old
// `{ heading, body }` section as a text section, by pb_hooks/lib/pages/sections.js
// textSection, as the upgrade converts every page), so nothing staff typed is lost; a
// page whose sections are typed already is left as it is.
// 1795310900_page_sections_revisions.js writes each page's first revision.

/** The page of the install that takes this seed page's place: the home page, or the one at its slug. */
function existingPage(app, page) {
  const filter = page.is_homepage ? "is_homepage = true || slug = {:slug}" : "slug = {:slug}";
  const found = app.findRecordsByFilter("pages", filter, "-is_homepage", 1, 0, { slug: page.slug });
  return found.length ? found[0] : null;
}

migrate(
  (app) => {
    const seed = require(`${__hooks}/../shared/site-pages.json`);
    const { jsonField } = require(`${__hooks}/lib/common/json-values.js`);
    const { textSection } = require(`${__hooks}/lib/pages/sections.js`);
    const collection = app.findCollectionByNameOrId("pages");
    for (const page of seed.pages) {
      const record = existingPage(app, page);
      if (!record) {
        const created = new Record(collection);
        for (const field of ["name", "slug", "title", "meta_description", "status", "is_homepage", "content"])
          created.set(field, page[field]);
        app.save(created);
        continue;
      }
      const content = jsonField(record, "content", {});
      const own = content && Array.isArray(content.sections) ? content.sections : [];
      const objects = own.filter((section) => section !== null && typeof section === "object" && !Array.isArray(section));
      if (objects.some((section) => section.type !== undefined)) continue;
      record.set("content", { sections: page.content.sections.concat(objects.map(textSection)) });
      record.set("status", "published");
      if (page.is_homepage) record.set("is_homepage", true);
      app.save(record);
    }
  },
  (app) => {
    // Takes out the pages this migration created and nobody changed since.
    const seed = require(`${__hooks}/../shared/site-pages.json`);
    const { jsonField } = require(`${__hooks}/lib/common/json-values.js`);
    for (const page of seed.pages) {
      const found = app.findRecordsByFilter("pages", "slug = {:slug}", "", 1, 0, { slug: page.slug });
      if (found.length && JSON.stringify(jsonField(found[0], "content", {})) === JSON.stringify(page.content))
        app.delete(found[0]);
    }
  },
);
