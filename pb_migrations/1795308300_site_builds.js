/// <reference path="../pb_data/types.d.ts" />

// Site publishing: the state of each rebuild (or deploy-hook call), written by the
// publisher through pb_hooks/publish.pb.js and read by the admin's
// 'Publicação do site' panel. Nobody writes these rows through the API.

const EDITOR = `@request.auth.is_active = true && (@request.auth.role = "admin" || @request.auth.role = "editor")`;

migrate(
  (app) => {
    const builds = new Collection({
      type: "base",
      name: "site_builds",
      listRule: EDITOR,
      viewRule: EDITOR,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "build_id", type: "text", required: true, max: 64 },
        { name: "state", type: "select", required: true, maxSelect: 1, values: ["queued", "building", "success", "failed"] },
        { name: "mode", type: "select", required: true, maxSelect: 1, values: ["local", "deploy-hook"] },
        { name: "reasons", type: "json", maxSize: 20000 },
        { name: "queued_at", type: "date" },
        { name: "started_at", type: "date" },
        { name: "finished_at", type: "date" },
        { name: "duration_ms", type: "number", onlyInt: true, min: 0 },
        { name: "pages", type: "number", onlyInt: true, min: 0 },
        { name: "progress", type: "text", max: 500 },
        { name: "log", type: "text", max: 200000 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: [
        "CREATE UNIQUE INDEX idx_site_builds_build_id ON site_builds (build_id)",
        "CREATE INDEX idx_site_builds_created ON site_builds (created)",
      ],
    });
    app.save(builds);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("site_builds"));
  },
);
