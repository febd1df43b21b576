// Package site serves the prebuilt public site and the admin island from
// PocketBase's own router, beside the API, the way a static host would.
//
// It is registered as PocketBase's examples register apis.Static (a GET /{path...}
// route) and sends each file with the helper apis.Static uses (e.FileFS, which
// answers ranges, HEAD and conditional requests). apis.Static itself does not fit
// Astro's output, so this package keeps only what it cannot do:
//   - a page is its folder's index.html, and its URL has no trailing slash (/blog,
//     as Astro's trailingSlash: 'never' writes the links): apis.Static redirects
//     a folder to /blog/ instead;
//   - a moved page's old address is redirected (301) to its new one, by the exact
//     rules of the build's _redirects manifest, the file static hosts read;
//   - a missing page gets the nearest 404 page with a real 404 status, and
//     /admin/* falls back to the admin page (apis.Static answers the API's JSON 404
//     or the root index.html); /legacy-admin/* redirects to /admin/*;
//   - the .br and .gz copies the build wrote beside a file are sent to browsers
//     that accept them;
//   - the build's _headers manifest (Content-Security-Policy and the rest) applies
//     to every file, and HTML is revalidated.
package site

import (
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// RequestGuardsID is the id of pb_hooks/requests.pb.js's middleware: checks for
// API requests, which the site's route skips (a JS middleware holds one of the
// pooled JS runtimes for the whole request).
const RequestGuardsID = "operiumRequestGuards"

const (
	cacheRevalidate = "no-cache"
	cacheStatic     = "public, max-age=3600"
)

// Register adds the security headers to every response and serves the site
// folder that dir returns (read on every request, so a publish that swaps the
// link needs no restart) on every path PocketBase's own routes leave free.
func Register(app core.App, dir func() string) {
	site := NewServer(dir)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(SecurityHeaders())
		se.Router.GET("/{path...}", site.Serve).
			Bind(apis.SkipSuccessActivityLog()).
			Unbind(RequestGuardsID)
		// se.Next builds the router into the server's handler.
		if err := se.Next(); err != nil {
			return err
		}
		se.Server.Handler = front(se.Server.Handler)
		return nil
	})
}

// net/http drains at most this much of an unread body before reusing a connection.
const maxDrainedBody = 256 << 10

// front handles what must happen before PocketBase's router sees a request.
//
// A request whose body may be left unread closes its connection: the router
// closes the request body through its own wrapper, which hides an unread rest
// from net/http, so after an early answer (401, 403, 413…) the rest of a large
// body would be read as the next request on the same connection (request
// smuggling).
//
// The router's mux answers an unclean path ("//x/", "/a/../b") with its own 307
// before any route or middleware runs; a page read is handed to the site's route
// cleaned instead (keeping a trailing slash, which the route redirects with a 301
// to a path on this host), as the site has always read such paths.
func front(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > maxDrainedBody || (r.ContentLength < 0 && len(r.TransferEncoding) > 0) {
			w.Header().Set("Connection", "close")
		}
		p := r.URL.Path
		if (r.Method == http.MethodGet || r.Method == http.MethodHead) && !isPocketBasePath(p) && !isCleanPath(p) {
			clean := path.Clean("/" + p)
			if strings.HasSuffix(p, "/") && clean != "/" {
				clean += "/"
			}
			if !isPocketBasePath(clean) {
				r.URL.Path, r.URL.RawPath = clean, ""
			}
		}
		next.ServeHTTP(w, r)
	})
}

// isCleanPath: a path the mux routes as it is (path.Clean's form, a trailing
// slash allowed).
func isCleanPath(p string) bool {
	clean := path.Clean("/" + p)
	return p == clean || (strings.HasSuffix(p, "/") && p == clean+"/")
}

// Server serves the site folder that Dir returns at request time.
type Server struct {
	Dir       func() string
	manifests fileCache[Manifest]
	redirects fileCache[Redirects]
}

// NewServer serves the site folder that dir returns at request time.
func NewServer(dir func() string) *Server {
	return &Server{
		Dir:       dir,
		manifests: fileCache[Manifest]{name: ManifestFile, parse: ParseManifest},
		redirects: fileCache[Redirects]{name: RedirectsFile, parse: ParseRedirects},
	}
}

// Serve answers GET and HEAD requests for the site's pages and files.
func (s *Server) Serve(e *core.RequestEvent) error {
	urlPath := e.Request.URL.Path
	if isPocketBasePath(urlPath) {
		return e.NotFoundError("", nil)
	}
	// path.Clean on a rooted path never escapes the root ("/../x" becomes "/x").
	name := strings.TrimLeft(path.Clean("/"+urlPath), "/")

	if name == "legacy-admin" || strings.HasPrefix(name, "legacy-admin/") {
		return redirect(e, "/admin"+strings.TrimPrefix(name, "legacy-admin"))
	}
	if len(urlPath) > 1 && strings.HasSuffix(urlPath, "/") {
		return redirect(e, "/"+name)
	}

	root := s.root()
	if notBuiltYet(root) {
		return building(e)
	}
	status := http.StatusOK
	file, info := resolveFile(root, name)
	if info == nil {
		// A moved page's old address (src/integrations/redirects.mjs), as Netlify reads it:
		// only where no file is.
		if target, found := s.redirects.get(root).Target("/" + name); found {
			return redirect(e, target)
		}
	}
	if info == nil && (name == "admin" || strings.HasPrefix(name, "admin/")) {
		file, info = resolveFile(root, "admin/index.html")
	}
	if info == nil {
		status = http.StatusNotFound
		if file, info = notFoundPage(root, name); info == nil {
			return e.String(http.StatusNotFound, "404 - página não encontrada\n")
		}
	}
	return s.send(e, root, file, info, status)
}

// isPocketBasePath: the API's and the dashboard's paths, which get PocketBase's
// own JSON 404 when none of its routes matched.
func isPocketBasePath(p string) bool {
	return p == "/api" || strings.HasPrefix(p, "/api/") || p == "/_" || strings.HasPrefix(p, "/_/")
}

// root is the build the site link points to now: every file of a request comes
// from the same build even if a publish swaps the link meanwhile.
func (s *Server) root() string {
	dir := s.Dir()
	target, err := os.Readlink(dir)
	switch {
	case err != nil:
		return dir
	case !filepath.IsAbs(target):
		return filepath.Join(filepath.Dir(dir), target)
	}
	return target
}

// send answers with the site file name (info: its own, as resolved).
func (s *Server) send(e *core.RequestEvent, root, name string, info os.FileInfo, status int) error {
	header := e.Response.Header()
	v := pickVariant(filepath.Join(root, filepath.FromSlash(name)), info, e.Request.Header.Get("Accept-Encoding"))

	s.manifests.get(root).Apply(header, "/"+strings.TrimSuffix(strings.TrimSuffix(name, "index.html"), "/"))
	if !IsHTTPS(e.Request) {
		// Browsers ignore HSTS over plain HTTP; send it only where it means something.
		header.Del("Strict-Transport-Security")
	}
	switch {
	case status != http.StatusOK:
		header.Set("Cache-Control", cacheRevalidate)
	case header.Get("Cache-Control") != "":
		// The manifest's (a year, immutable, for fingerprinted assets).
	case strings.HasSuffix(name, ".html"):
		header.Set("Cache-Control", cacheRevalidate)
	default:
		header.Set("Cache-Control", cacheStatic)
	}
	header.Set("Content-Type", contentType(name))
	if v.compressible {
		header.Set("Vary", "Accept-Encoding")
	}
	if v.coding != "" {
		header.Set("Content-Encoding", v.coding)
	}

	if status != http.StatusOK {
		// An error page is never revalidated nor served in ranges: sent whole.
		body, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name+v.suffix)))
		if err != nil {
			return err
		}
		return e.Blob(status, header.Get("Content-Type"), body)
	}
	header.Set("Etag", v.etag)
	return e.FileFS(os.DirFS(root), name+v.suffix)
}

// redirect answers with a permanent redirect to target (a path on this host),
// keeping the query.
func redirect(e *core.RequestEvent, target string) error {
	location := localPath(target)
	if e.Request.URL.RawQuery != "" {
		location += "?" + e.Request.URL.RawQuery
	}
	return e.Redirect(http.StatusMovedPermanently, location)
}

// localPath writes a decoded path as a Location that can only mean a path on this
// host. Browsers read "//x" and "/\x" (also with tabs or newlines in between,
// which they drop) as another host: the path is percent-encoded, so a decoded "\",
// tab or newline goes out as %5C, %09, %0A, and repeated slashes are collapsed.
func localPath(p string) string {
	location := (&url.URL{Path: path.Clean("/" + p)}).EscapedPath()
	if !strings.HasPrefix(location, "/") || strings.HasPrefix(location, "//") || strings.HasPrefix(location, "/\\") {
		return "/"
	}
	return location
}
