/// <reference path="../pb_data/types.d.ts" />

// The catalogue as records staff edit ('Produtos', 'Linhas', 'Datasheets', 'Softwares';
// shared/catalog.js holds their fields and limits): product lines, products, datasheets
// and software downloads. A fresh install gets what the site had in git
// (shared/site-catalog.json), so every public text and address stays the same; the
// seeded state is each record's first revision, so an editor's first change can be undone.
// Images: a product's `images` and a line's `image` are Mídia images; the seeded ones stay
// the site's own files under src/assets (`builtin`, `builtin_image`), which the build
// optimises as before. Editors may keep or take those out, never name a new one
// (pb_hooks/lib/catalog/catalog.js for products, the rules below for lines).
// Anyone reads lines, datasheets and software, and published products (the site's build
// does, unsigned); any staff member reads drafts (authors read, as the issue asks);
// editors and admins write.
migrate(
  (app) => {
    const STAFF = '@request.auth.collectionName = "users" && @request.auth.is_active = true';
    const EDITOR = `${STAFF} && (@request.auth.role = "admin" || @request.auth.role = "editor")`;
    const { SOFTWARE_CATEGORIES, PRODUCT_STATUSES } = require(`${__hooks}/lib/common/shared.js`).sharedModule("catalog.js");
    const dates = [
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ];
    const { slugPattern } = require(`${__hooks}/../shared/content-rules.json`);
    const slug = (max) => ({ name: "slug", type: "text", required: true, max: max, pattern: slugPattern });
    const order = { name: "order", type: "number", required: true, onlyInt: true, min: 1, max: 999 };
    const open = { listRule: "", viewRule: "", createRule: EDITOR, updateRule: EDITOR, deleteRule: EDITOR };

    const datasheets = new Collection({
      type: "base",
      name: "datasheets",
      ...open,
      fields: [
        slug(40),
        { name: "name", type: "text", required: true, max: 60 },
        { name: "description", type: "text", required: true, max: 300 },
        { name: "url", type: "url", required: true, onlyDomains: [], exceptDomains: [] },
        order,
        ...dates,
      ],
      indexes: ["CREATE UNIQUE INDEX idx_datasheets_slug ON datasheets (slug)"],
    });
    app.save(datasheets);

    const software = new Collection({
      type: "base",
      name: "software",
      ...open,
      fields: [
        slug(80),
        { name: "name", type: "text", required: true, max: 80 },
        { name: "description", type: "text", required: true, max: 300 },
        { name: "url", type: "url", required: true },
        { name: "category", type: "select", required: true, maxSelect: 1, values: SOFTWARE_CATEGORIES },
        order,
        ...dates,
      ],
      indexes: ["CREATE UNIQUE INDEX idx_software_slug ON software (slug)"],
    });
    app.save(software);

    const UNSET = '@request.body.builtin_image:isset = false || @request.body.builtin_image = ""';
    const lines = new Collection({
      type: "base",
      name: "product_lines",
      listRule: "",
      viewRule: "",
      createRule: `(${EDITOR}) && (${UNSET})`,
      updateRule: `(${EDITOR}) && (${UNSET} || @request.body.builtin_image = builtin_image)`,
      deleteRule: EDITOR,
      fields: [
        slug(40),
        { name: "name", type: "text", required: true, max: 40 },
        { name: "title", type: "text", required: true, max: 120 },
        { name: "icon_text", type: "text", required: true, max: 2 },
        { name: "family", type: "text", required: true, max: 4 },
        { name: "description", type: "text", required: true, max: 220 },
        { name: "long_description", type: "text", max: 900 },
        { name: "esp32_module", type: "text", max: 160 },
        { name: "image", type: "text", max: 15 },
        { name: "builtin_image", type: "text", max: 200 },
        { name: "image_alt", type: "text", required: true, max: 200 },
        { name: "color", type: "text", required: true, max: 7 },
        { name: "featured", type: "bool" },
        order,
        ...dates,
      ],
      indexes: ["CREATE UNIQUE INDEX idx_product_lines_slug ON product_lines (slug)"],
    });
    app.save(lines);

    const products = new Collection({
      type: "base",
      name: "products",
      listRule: `status = "published" || (${STAFF})`,
      viewRule: `status = "published" || (${STAFF})`,
      createRule: EDITOR,
      updateRule: EDITOR,
      deleteRule: EDITOR,
      fields: [
        slug(40),
        { name: "model", type: "text", required: true, max: 20 },
        { name: "name", type: "text", required: true, max: 80 },
        // A line in use cannot be deleted (the relation is required, not cascading).
        { name: "line", type: "relation", required: true, collectionId: lines.id, maxSelect: 1, cascadeDelete: false },
        order,
        { name: "description", type: "text", required: true, max: 260 },
        { name: "tagline", type: "text", required: true, max: 160 },
        { name: "specs", type: "json", maxSize: 20000 },
        { name: "catalogue_specs", type: "json", maxSize: 20000 },
        { name: "key_features", type: "json", maxSize: 20000 },
        { name: "applications", type: "json", maxSize: 20000 },
        { name: "images", type: "json", maxSize: 20000 },
        { name: "datasheet", type: "relation", collectionId: datasheets.id, maxSelect: 1, cascadeDelete: false },
        {
          name: "status",
          type: "select",
          required: true,
          maxSelect: 1,
          values: PRODUCT_STATUSES.map((status) => status.value),
        },
        ...dates,
      ],
      indexes: [
        "CREATE UNIQUE INDEX idx_products_slug ON products (slug)",
        "CREATE INDEX idx_products_line_order ON products (line, `order`)",
      ],
    });
    app.save(products);
    // Related products point at the collection itself, so the field comes once it exists.
    products.fields.add(new RelationField({ name: "related", collectionId: products.id, maxSelect: 3, cascadeDelete: false }));
    app.save(products);

    const revisions = app.findCollectionByNameOrId("revisions");
    const field = revisions.fields.getByName("collection");
    const added = ["product_lines", "products", "datasheets", "software"];
    field.values = field.values.concat(added.filter((name) => field.values.indexOf(name) < 0));
    app.save(revisions);

    const seed = require(`${__hooks}/../shared/site-catalog.json`);
    const { writeRevision } = require(`${__hooks}/lib/revisions/revisions.js`);
    /** The audit hook writes the first revision with the save; where hooks do not run, this does. */
    const firstRevision = (record) => {
      const count = app.countRecords("revisions", $dbx.hashExp({ collection: record.collection().name, record: record.id }));
      if (count === 0) writeRevision(app, record, "create", null, "versão inicial");
    };
    const save = (collection, entry, names) => {
      const record = new Record(collection);
      for (const name of names) if (entry[name] !== undefined) record.set(name, entry[name]);
      app.save(record);
      return record;
    };

    const sheetIds = {};
    for (const entry of seed.datasheets) {
      const record = save(datasheets, entry, ["slug", "name", "description", "url", "order"]);
      sheetIds[entry.slug] = record.id;
      firstRevision(record);
    }
    for (const entry of seed.software)
      firstRevision(save(software, entry, ["slug", "name", "description", "url", "category", "order"]));
    const lineIds = {};
    for (const entry of seed.lines) {
      const names = ["slug", "name", "title", "icon_text", "family", "description", "long_description", "esp32_module"];
      const record = save(lines, entry, names.concat(["builtin_image", "image_alt", "color", "featured", "order"]));
      lineIds[entry.slug] = record.id;
      firstRevision(record);
    }
    // Two passes: a product's related products are saved once every product exists.
    const productIds = {};
    const saved = [];
    for (const entry of seed.products) {
      const values = Object.assign({}, entry, {
        line: lineIds[entry.line],
        datasheet: entry.datasheet ? sheetIds[entry.datasheet] : "",
      });
      delete values.related;
      const names = ["slug", "model", "name", "line", "order", "description", "tagline", "specs", "catalogue_specs"];
      const record = save(products, values, names.concat(["key_features", "applications", "images", "datasheet", "status"]));
      productIds[entry.slug] = record.id;
      saved.push([record, entry]);
    }
    for (const [record, entry] of saved) {
      record.set(
        "related",
        entry.related.map((slug) => productIds[slug]),
      );
      app.save(record);
      // The first revision is the finished seed: a hook may have written one of the first pass.
      app
        .db()
        .newQuery("DELETE FROM revisions WHERE collection = 'products' AND record = {:record}")
        .bind({ record: record.id })
        .execute();
      writeRevision(app, record, "create", null, "versão inicial");
    }
  },
  (app) => {
    const names = ["product_lines", "products", "datasheets", "software"];
    app
      .db()
      .newQuery("DELETE FROM revisions WHERE collection IN ('product_lines', 'products', 'datasheets', 'software')")
      .execute();
    const revisions = app.findCollectionByNameOrId("revisions");
    const field = revisions.fields.getByName("collection");
    field.values = field.values.filter((value) => names.indexOf(value) < 0);
    app.save(revisions);
    const products = app.findCollectionByNameOrId("products");
    products.fields.removeByName("related");
    app.save(products);
    for (const name of ["products", "product_lines", "datasheets", "software"]) app.delete(app.findCollectionByNameOrId(name));
  },
);
