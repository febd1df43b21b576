/// <reference path="../pb_data/types.d.ts" />

// The pieces the site's pages share (shared/site-pieces.js): customer testimonials
// ('Depoimentos') and the frequently asked questions ('Perguntas frequentes'), each
// edited once and shown wherever a section places them. A fresh install gets the ones
// the site had in git (shared/site-testimonials.json, shared/site-faq.json), so its
// pages read the same. Anyone reads them (the site's build does, unsigned); editors
// and admins write them; pb_hooks/lib/pieces/pieces.js checks every save in pt-BR.
migrate(
  (app) => {
    const EDITOR =
      '@request.auth.collectionName = "users" && @request.auth.is_active = true && ' +
      '(@request.auth.role = "admin" || @request.auth.role = "editor")';
    const rules = { listRule: "", viewRule: "", createRule: EDITOR, updateRule: EDITOR, deleteRule: EDITOR };
    const dates = [
      { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
    ];
    const testimonials = new Collection({
      type: "base",
      name: "testimonials",
      ...rules,
      fields: [
        { name: "name", type: "text", required: true, max: 60 },
        { name: "company", type: "text", required: true, max: 80 },
        { name: "role", type: "text", max: 60 },
        { name: "quote", type: "text", required: true, max: 500 },
        { name: "page", type: "select", required: true, maxSelect: 1, values: ["clientes", "quem-somos"] },
        { name: "order", type: "number", required: true, onlyInt: true, min: 1, max: 999 },
        ...dates,
      ],
      indexes: ["CREATE INDEX idx_testimonials_page_order ON testimonials (page, `order`)"],
    });
    app.save(testimonials);
    const faq = new Collection({
      type: "base",
      name: "faq_entries",
      ...rules,
      fields: [
        { name: "question", type: "text", required: true, max: 160 },
        { name: "answer", type: "text", required: true, max: 700 },
        { name: "order", type: "number", required: true, onlyInt: true, min: 1, max: 999 },
        ...dates,
      ],
      indexes: ["CREATE INDEX idx_faq_entries_order ON faq_entries (`order`)"],
    });
    app.save(faq);

    for (const entry of require(`${__hooks}/../shared/site-testimonials.json`)) {
      const record = new Record(testimonials);
      for (const name of ["name", "company", "role", "quote", "page", "order"]) {
        if (entry[name] !== undefined) record.set(name, entry[name]);
      }
      app.save(record);
    }
    for (const entry of require(`${__hooks}/../shared/site-faq.json`)) {
      const record = new Record(faq);
      for (const name of ["question", "answer", "order"]) record.set(name, entry[name]);
      app.save(record);
    }
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("faq_entries"));
    app.delete(app.findCollectionByNameOrId("testimonials"));
  },
);
