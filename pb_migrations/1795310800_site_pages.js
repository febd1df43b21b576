/// <reference path="../pb_data/types.d.ts" />

// The site's own pages as records (shared/site-pages.json): Home, Quem Somos, Projetos
// Sob Medida, Clientes and Contato, with the texts they had as code, made of the typed
// sections of shared/page-sections.js. A fresh install gets them as they are. Where a
// page with one of their slugs (or a home page) already exists, as staff could make one
// to give such a route its title and description:
// - a published one keeps its name, title and description, and its content becomes the
//   seed's sections followed by its own, so nothing staff typed is lost;
// - a draft lent nothing to the site (only published pages did), so nothing of it goes
//   public now: it becomes the seed's page, and the draft as it was is kept as a version
//   of the page (not public) that staff can compare or bring back from its history.
// An old `{ heading, body }` section becomes a text section (pb_hooks/lib/pages/sections.js
// textSection, as the upgrade converts every page). A page whose sections are typed
// already is left as it is. 1795310900_page_sections_revisions.js writes each page's
// first revision.

/** The history's summary of the draft a seed page took the place of. */
const DRAFT_KEPT = "rascunho guardado quando a página passou a ser a do site";

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
      const stored = content && Array.isArray(content.sections) ? content.sections : [];
      const objects = stored.filter((section) => section !== null && typeof section === "object" && !Array.isArray(section));
      if (objects.some((section) => section.type !== undefined)) continue;
      const own = { sections: objects.map(textSection) };
      if (record.getString("status") === "published") {
        record.set("content", { sections: page.content.sections.concat(own.sections) });
      } else {
        record.set("content", own);
        require(`${__hooks}/lib/revisions/revisions.js`).writeRevision(app, record, "update", null, DRAFT_KEPT);
        for (const field of ["name", "title", "meta_description", "content"]) record.set(field, page[field]);
      }
      record.set("status", page.status);
      if (page.is_homepage) record.set("is_homepage", true);
      app.save(record);
    }
  },
  (app) => {
    // Takes out the pages this migration created and nobody changed since (a draft it
    // replaced stays, with its version in the history).
    const seed = require(`${__hooks}/../shared/site-pages.json`);
    const { jsonField } = require(`${__hooks}/lib/common/json-values.js`);
    for (const page of seed.pages) {
      const found = app.findRecordsByFilter("pages", "slug = {:slug}", "", 1, 0, { slug: page.slug });
      if (!found.length || JSON.stringify(jsonField(found[0], "content", {})) !== JSON.stringify(page.content)) continue;
      const kept = $dbx.hashExp({ collection: "pages", record: found[0].id, summary: DRAFT_KEPT });
      if (app.countRecords("revisions", kept) === 0) app.delete(found[0]);
    }
  },
);
