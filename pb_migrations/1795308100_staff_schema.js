/// <reference path="../pb_data/types.d.ts" />

// The staff schema: users with roles, posts, pages, media, site settings, audit
// log, contact messages and sign-in attempts, with the API rules that enforce the
// role table of src/lib/permissions.ts (the UI only mirrors these rules).
//
// Roles: admin (all), editor (read, create, update, publish, delete), author
// (read, create, update; own posts only, never publishes). Inactive accounts can
// do nothing. Rules compare @request.auth fields, which PocketBase reads fresh from
// the database on every request, so a deactivation applies at once.
migrate(
  (app) => {
    const ACTIVE = '@request.auth.collectionName = "users" && @request.auth.is_active = true';
    const ADMIN = `${ACTIVE} && @request.auth.role = "admin"`;
    const EDITOR = `${ACTIVE} && (@request.auth.role = "admin" || @request.auth.role = "editor")`;
    const STAFF = `${ACTIVE} && (@request.auth.role = "admin" || @request.auth.role = "editor" || @request.auth.role = "author")`;
    const AUTHOR = `${ACTIVE} && @request.auth.role = "author"`;
    const HONEYPOT = "(@request.body.website:isset = false || @request.body.website = '')";
    const MB = 1024 * 1024;

    // ---- users -------------------------------------------------------------
    const users = app.findCollectionByNameOrId("users");
    users.fields.removeByName("name");
    users.fields.add(new TextField({ name: "full_name", max: 100 }));
    users.fields.add(new SelectField({ name: "role", required: true, maxSelect: 1, values: ["admin", "editor", "author"] }));
    users.fields.add(new BoolField({ name: "is_active" }));
    const avatar = users.fields.getByName("avatar");
    avatar.maxSize = 2 * MB;
    avatar.mimeTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"];
    avatar.thumbs = ["96x96", "256x256"];
    // Anyone may sign up (the hook makes the account an inactive author, or the
    // first one an active admin); only an admin may choose role or activation.
    users.createRule = `(@request.body.role:isset = false && @request.body.is_active:isset = false) || (${ADMIN})`;
    users.listRule = `${ADMIN} || (${ACTIVE} && id = @request.auth.id)`;
    users.viewRule = `${ADMIN} || (${ACTIVE} && id = @request.auth.id)`;
    users.updateRule = `(${ADMIN}) || (${ACTIVE} && id = @request.auth.id && @request.body.role:isset = false && @request.body.is_active:isset = false && @request.body.verified:isset = false)`;
    users.deleteRule = ADMIN;
    users.manageRule = ADMIN;
    // Inactive accounts may sign in (the panel then shows "Conta Inativa"), but
    // every other rule requires an active account, so their token opens nothing.
    users.authRule = "";
    users.authToken.duration = 8 * 60 * 60;
    users.passwordAuth.enabled = true;
    users.passwordAuth.identityFields = ["email"];
    users.oauth2.enabled = false;
    users.otp.enabled = false;
    users.mfa.enabled = false;
    users.indexes.push("CREATE INDEX idx_users_role_active ON users (role, is_active)");
    app.save(users);

    // ---- posts -------------------------------------------------------------
    const posts = new Collection({
      type: "base",
      name: "posts",
      // Published posts are public; editors and admins see all; authors their own.
      // A scheduled post whose time has come is public even before the minute job flips it.
      listRule: `status = "published" || (status = "scheduled" && published_at != "" && published_at <= @now) || (${EDITOR}) || (${AUTHOR} && author = @request.auth.id)`,
      viewRule: `status = "published" || (status = "scheduled" && published_at != "" && published_at <= @now) || (${EDITOR}) || (${AUTHOR} && author = @request.auth.id)`,
      // Authors write drafts under their own name only; publishing needs `publish`.
      createRule: `(${EDITOR}) || (${AUTHOR} && (@request.body.author:isset = false || @request.body.author = @request.auth.id) && (@request.body.status:isset = false || @request.body.status = "draft"))`,
      updateRule: `(${EDITOR}) || (${AUTHOR} && author = @request.auth.id && status = "draft" && (@request.body.author:isset = false || @request.body.author = @request.auth.id) && (@request.body.status:isset = false || @request.body.status = "draft"))`,
      deleteRule: EDITOR,
      fields: [
        { name: "title", type: "text", required: true, min: 3, max: 200 },
        { name: "slug", type: "text", required: true, max: 200, pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" },
        { name: "excerpt", type: "text", max: 500 },
        /** Markdown source. */
        { name: "content", type: "text", max: 100000 },
        {
          name: "cover",
          type: "file",
          maxSelect: 1,
          maxSize: 10 * MB,
          mimeTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"],
          thumbs: ["640x360", "1280x720"],
        },
        {
          name: "category",
          type: "select",
          required: true,
          maxSelect: 1,
          values: ["Técnico", "Negócios", "Casos de Sucesso", "Tutoriais"],
        },
        { name: "tags", type: "json", maxSize: 2000 },
        { name: "status", type: "select", required: true, maxSelect: 1, values: ["draft", "published", "scheduled"] },
        { name: "author", type: "relation", required: true, maxSelect: 1, collectionId: users.id, cascadeDelete: false },
        /** The author's name as published (users are private; the site shows this). */
        { name: "author_name", type: "text", max: 100 },
        { name: "published_at", type: "date" },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: [
        "CREATE UNIQUE INDEX idx_posts_slug ON posts (slug)",
        "CREATE INDEX idx_posts_status_published ON posts (status, published_at)",
        "CREATE INDEX idx_posts_author_created ON posts (author, created)",
        "CREATE INDEX idx_posts_created ON posts (created)",
      ],
    });
    app.save(posts);

    // ---- pages -------------------------------------------------------------
    const pages = new Collection({
      type: "base",
      name: "pages",
      listRule: `status = "published" || (${EDITOR})`,
      viewRule: `status = "published" || (${EDITOR})`,
      createRule: EDITOR,
      updateRule: EDITOR,
      deleteRule: EDITOR,
      fields: [
        { name: "name", type: "text", required: true, min: 2, max: 120 },
        { name: "slug", type: "text", required: true, max: 120, pattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$" },
        { name: "title", type: "text", max: 120 },
        { name: "meta_title", type: "text", max: 120 },
        /** 160 characters are advised (a hint in the editor); the server caps at 320. */
        { name: "meta_description", type: "text", max: 320 },
        { name: "content", type: "json", maxSize: 200000 },
        { name: "status", type: "select", required: true, maxSelect: 1, values: ["draft", "published"] },
        { name: "is_homepage", type: "bool" },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_pages_slug ON pages (slug)", "CREATE INDEX idx_pages_created ON pages (created)"],
    });
    app.save(pages);

    // ---- media -------------------------------------------------------------
    const media = new Collection({
      type: "base",
      name: "media",
      // Files are public (they appear on the site); the library listing is staff-only.
      listRule: STAFF,
      viewRule: "",
      createRule: STAFF,
      updateRule: `(${EDITOR}) || (${STAFF} && uploaded_by = @request.auth.id)`,
      deleteRule: EDITOR,
      fields: [
        {
          name: "file",
          type: "file",
          required: true,
          maxSelect: 1,
          maxSize: 10 * MB,
          mimeTypes: [
            "image/jpeg",
            "image/png",
            "image/gif",
            "image/webp",
            "application/pdf",
            "text/plain",
            "application/msword",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          ],
          thumbs: ["320x240", "100x100"],
        },
        // Filled by the server from the upload itself (pb_hooks/media.pb.js).
        { name: "original_filename", type: "text", max: 255 },
        { name: "file_size", type: "number", onlyInt: true, min: 0 },
        { name: "mime_type", type: "text", max: 120 },
        { name: "alt_text", type: "text", max: 300 },
        { name: "uploaded_by", type: "relation", maxSelect: 1, collectionId: users.id, cascadeDelete: false },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      ],
      indexes: ["CREATE INDEX idx_media_created ON media (created)"],
    });
    app.save(media);

    // ---- public_site_settings ----------------------------------------------
    const settings = new Collection({
      type: "base",
      name: "public_site_settings",
      // The smtp_* keys are secrets: only admins see them, and smtp_password is
      // never stored here at all (pb_hooks/settings.pb.js moves it into
      // PocketBase's own mail settings).
      listRule: `key !~ "smtp%" || (${ADMIN})`,
      viewRule: `key !~ "smtp%" || (${ADMIN})`,
      createRule: ADMIN,
      updateRule: `${ADMIN} && (@request.body.key:isset = false || @request.body.key = key)`,
      deleteRule: ADMIN,
      fields: [
        { name: "key", type: "text", required: true, max: 64, pattern: "^[a-z][a-z0-9_]*$" },
        { name: "value", type: "text", max: 2000 },
        { name: "updated", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: ["CREATE UNIQUE INDEX idx_public_site_settings_key ON public_site_settings (key)"],
    });
    app.save(settings);
    const defaults = {
      site_title: "Operium | Controladores industriais e placas especiais",
      site_description:
        "Controladores industriais baseados em ESP32 e STM32, módulos de expansão, fonte chaveada e projetos de hardware sob medida, com fabricação nacional.",
      site_logo: "",
      site_favicon: "",
      contact_email: "contato@operium.com.br",
      contact_phone: "(47) 3275-1000",
      social_facebook: "https://www.facebook.com/operium.industrial",
      social_instagram: "https://www.instagram.com/operium.industrial",
      social_linkedin: "https://www.linkedin.com/company/operium-industrial",
      social_youtube: "https://www.youtube.com/@operium-industrial",
      smtp_host: "",
      smtp_port: "587",
      smtp_user: "",
      smtp_password: "",
      google_analytics_id: "",
    };
    for (const key of Object.keys(defaults)) {
      const record = new Record(settings);
      record.set("key", key);
      record.set("value", defaults[key]);
      app.save(record);
    }

    // ---- audit_logs --------------------------------------------------------
    const audit = new Collection({
      type: "base",
      name: "audit_logs",
      // Written only by hooks; readable by admins; never changed through the API
      // (the hooks in pb_hooks/audit.pb.js refuse superusers too).
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "user", type: "relation", maxSelect: 1, collectionId: users.id, cascadeDelete: false },
        /** Who acted when it was not a staff user: "superuser <e-mail>" or "sistema". */
        { name: "actor", type: "text", max: 200 },
        { name: "action", type: "select", required: true, maxSelect: 1, values: ["INSERT", "UPDATE", "DELETE"] },
        { name: "table_name", type: "text", required: true, max: 64 },
        { name: "record_id", type: "text", required: true, max: 64 },
        { name: "old_values", type: "json", maxSize: 500000 },
        { name: "new_values", type: "json", maxSize: 500000 },
        { name: "ip", type: "text", max: 64 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      ],
      indexes: [
        "CREATE INDEX idx_audit_logs_created ON audit_logs (created DESC)",
        "CREATE INDEX idx_audit_logs_action ON audit_logs (action, created DESC)",
        "CREATE INDEX idx_audit_logs_table ON audit_logs (table_name, created DESC)",
        "CREATE INDEX idx_audit_logs_user ON audit_logs (user, created DESC)",
      ],
    });
    app.save(audit);

    // ---- contact_messages --------------------------------------------------
    const contact = new Collection({
      type: "base",
      name: "contact_messages",
      listRule: STAFF,
      viewRule: STAFF,
      createRule: HONEYPOT,
      updateRule: EDITOR,
      deleteRule: EDITOR,
      fields: [
        { name: "name", type: "text", required: true, min: 2, max: 100 },
        { name: "email", type: "email", required: true },
        { name: "phone", type: "text", required: true, max: 30, pattern: "^\\+?[0-9 ()-]{8,30}$" },
        { name: "company", type: "text", required: true, max: 120 },
        { name: "has_machine", type: "select", required: true, maxSelect: 1, values: ["sim", "nao", "planejando"] },
        { name: "volume", type: "select", required: true, maxSelect: 1, values: ["1-10", "11-25", "26-50", "51-100", "100+"] },
        {
          name: "interest",
          type: "select",
          required: true,
          maxSelect: 1,
          values: ["produtos", "personalizado", "parceria", "suporte", "outro"],
        },
        { name: "message", type: "text", required: true, min: 10, max: 5000 },
        { name: "read", type: "bool" },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      ],
      indexes: ["CREATE INDEX idx_contact_messages_created ON contact_messages (created DESC)"],
    });
    app.save(contact);

    const newsletter = app.findCollectionByNameOrId("newsletter_subscribers");
    newsletter.listRule = STAFF;
    newsletter.viewRule = STAFF;
    newsletter.deleteRule = ADMIN;
    app.save(newsletter);

    // ---- login_attempts ----------------------------------------------------
    // Failed sign-ins per e-mail, for the 5-in-15-minutes throttle
    // (pb_hooks/accounts.pb.js). Server-side only: no API rule opens it.
    const attempts = new Collection({
      type: "base",
      name: "login_attempts",
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "identity", type: "text", required: true, max: 255 },
        { name: "ip", type: "text", max: 64 },
        { name: "created", type: "autodate", onCreate: true, onUpdate: false },
      ],
      indexes: ["CREATE INDEX idx_login_attempts_identity ON login_attempts (identity, created)"],
    });
    app.save(attempts);
  },
  (app) => {
    for (const name of ["login_attempts", "contact_messages", "audit_logs", "public_site_settings", "media", "pages", "posts"]) {
      app.delete(app.findCollectionByNameOrId(name));
    }
    const users = app.findCollectionByNameOrId("users");
    for (const name of ["full_name", "role", "is_active"]) users.fields.removeByName(name);
    users.fields.add(new TextField({ name: "name", max: 255 }));
    users.indexes = users.indexes.filter((index) => index.indexOf("idx_users_role_active") < 0);
    app.save(users);
  },
);
