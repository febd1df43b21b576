// Static site serving for site.pb.js. Loaded with require() inside the handler
// because every handler runs in its own pooled JS runtime.

// Astro fingerprints everything under /_astro/, so those files never change under
// the same name; HTML is revalidated so a new build shows at once.
const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
const CACHE_REVALIDATE = "no-cache";
const CACHE_STATIC = "public, max-age=3600";

/** The built site's folder: SITE_DIR, or dist/ beside pb_hooks/. Read per request
 *  so that swapping a new build in (a symlink flip) needs no restart. */
function siteDir() {
  return $os.getenv("SITE_DIR") || $filepath.join(__hooks, "..", "dist");
}

function isRegularFile(path) {
  try {
    return $os.stat(path).mode().isRegular();
  } catch (_) {
    return false;
  }
}

/** Maps a clean relative path to a file of the site: the file itself, or the
 *  index.html of a folder. Returns "" when there is none. */
function resolveFile(root, name) {
  const candidates = name === "" ? ["index.html"] : [name, name + "/index.html"];
  for (const candidate of candidates) {
    if (isRegularFile($filepath.join(root, candidate))) {
      return candidate;
    }
  }
  return "";
}

function withQuery(e, target) {
  const query = e.request.url.rawQuery;
  return query ? target + "?" + query : target;
}

function serveFile(e, root, name) {
  let policy = CACHE_STATIC;
  if (name.indexOf("_astro/") === 0) {
    policy = CACHE_IMMUTABLE;
  } else if (/\.html$/.test(name)) {
    policy = CACHE_REVALIDATE;
  }
  e.response.header().set("Cache-Control", policy);
  return e.fileFS($os.dirFS(root), name);
}

/** The 404 page nearest to the missing path: e.g. blog/404/index.html for /blog/…, else 404.html. */
function notFoundPage(root, name) {
  const parts = name.split("/").slice(0, -1);
  for (let depth = parts.length; depth > 0; depth--) {
    const candidate = parts.slice(0, depth).join("/") + "/404/index.html";
    if (isRegularFile($filepath.join(root, candidate))) return candidate;
  }
  return "404.html";
}

function serveNotFound(e, root, name) {
  e.response.header().set("Cache-Control", CACHE_REVALIDATE);
  let page;
  try {
    page = toString($os.readFile($filepath.join(root, notFoundPage(root, name))));
  } catch (_) {
    return e.string(404, "404 - página não encontrada\n");
  }
  return e.html(404, page);
}

function serve(e) {
  const urlPath = e.request.url.path;
  // path.Clean on a rooted path never escapes the root ("/../x" becomes "/x").
  const name = $filepath.clean("/" + urlPath).replace(/^\/+/, "");

  // An unknown API route is an API error (JSON), never the site's HTML page.
  if (name === "api" || name.indexOf("api/") === 0) {
    throw new NotFoundError("The requested resource wasn't found.");
  }

  if (name === "legacy-admin" || name.indexOf("legacy-admin/") === 0) {
    return e.redirect(301, withQuery(e, "/admin" + name.slice("legacy-admin".length)));
  }

  // Canonical URLs have no trailing slash (Astro's trailingSlash: 'never').
  if (urlPath.length > 1 && /\/$/.test(urlPath)) {
    return e.redirect(301, withQuery(e, "/" + name));
  }

  const root = siteDir();
  // Dotfiles (the build stamp, editor files) are never part of the public site.
  const file = /(^|\/)\./.test(name) ? "" : resolveFile(root, name);
  if (file) {
    return serveFile(e, root, file);
  }
  if ((name === "admin" || name.indexOf("admin/") === 0) && resolveFile(root, "admin")) {
    return serveFile(e, root, "admin/index.html");
  }
  return serveNotFound(e, root, name);
}

module.exports = { serve };
