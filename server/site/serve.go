// Package site serves the prebuilt public site and the admin island from the same
// process as the API, with the headers, compression and caching of a static host:
// precompressed variants (.br, .gz) written by the build, the build's _headers
// manifest (Content-Security-Policy and the other security headers, immutable
// caching of fingerprinted assets) and revalidated HTML.
//
// Routing rules: /legacy-admin/* redirects to /admin/*; a trailing slash redirects
// to the canonical URL; /admin/* falls back to the admin page for client-side
// routing; anything else missing gets the nearest 404 page with a real 404 status;
// an unknown /api/ path stays a JSON API error.
package site

import (
	"bytes"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

const (
	cacheRevalidate = "no-cache"
	cacheStatic     = "public, max-age=3600"
)

// Server serves the site folder that Dir returns at request time, so swapping a
// new build in (a symlink flip) needs no restart.
type Server struct {
	Dir       func() string
	manifests manifestCache
}

// root resolves the site link once per request: every file of a request comes
// from the same build even if a publish swaps the link meanwhile.
func (s *Server) root() string {
	dir := s.Dir()
	target, err := os.Readlink(dir)
	if err != nil {
		return dir
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(dir), target)
	}
	return target
}

// Serve is the handler of GET /{path...}.
func (s *Server) Serve(e *core.RequestEvent) error {
	urlPath := e.Request.URL.Path
	// path.Clean on a rooted path never escapes the root ("/../x" becomes "/x").
	name := strings.TrimLeft(path.Clean("/"+urlPath), "/")

	if name == "api" || strings.HasPrefix(name, "api/") {
		return router.NewNotFoundError("The requested resource wasn't found.", nil)
	}
	if name == "legacy-admin" || strings.HasPrefix(name, "legacy-admin/") {
		return e.Redirect(http.StatusMovedPermanently, withQuery(e.Request, "/admin"+strings.TrimPrefix(name, "legacy-admin")))
	}
	// Canonical URLs have no trailing slash (Astro's trailingSlash: 'never').
	if len(urlPath) > 1 && strings.HasSuffix(urlPath, "/") {
		return e.Redirect(http.StatusMovedPermanently, withQuery(e.Request, "/"+name))
	}

	root := s.root()
	manifest := s.manifests.get(root)
	if file := resolveFile(root, name); file != "" {
		return s.serveFile(e, root, manifest, file, http.StatusOK)
	}
	if (name == "admin" || strings.HasPrefix(name, "admin/")) && resolveFile(root, "admin") != "" {
		return s.serveFile(e, root, manifest, "admin/index.html", http.StatusOK)
	}
	return s.serveFile(e, root, manifest, notFoundPage(root, name), http.StatusNotFound)
}

func withQuery(r *http.Request, target string) string {
	if r.URL.RawQuery != "" {
		return target + "?" + r.URL.RawQuery
	}
	return target
}

func isRegularFile(file string) bool {
	info, err := os.Stat(file)
	return err == nil && info.Mode().IsRegular()
}

// hidden names are never part of the public site: dotfiles (the build stamp,
// editor files), the headers manifest and the precompressed variants, which are
// only ever sent in place of their original.
func hidden(name string) bool {
	if name == ManifestFile {
		return true
	}
	for _, part := range strings.Split(name, "/") {
		if strings.HasPrefix(part, ".") {
			return true
		}
	}
	return strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz")
}

// resolveFile maps a clean relative path to a file of the site: the file itself,
// or the index.html of a folder. Returns "" when there is none.
func resolveFile(root, name string) string {
	if hidden(name) {
		return ""
	}
	candidates := []string{name, name + "/index.html"}
	if name == "" {
		candidates = []string{"index.html"}
	}
	for _, candidate := range candidates {
		if isRegularFile(filepath.Join(root, filepath.FromSlash(candidate))) {
			return candidate
		}
	}
	return ""
}

// notFoundPage is the 404 page nearest to the missing path: blog/404/index.html
// for /blog/…, else 404.html.
func notFoundPage(root, name string) string {
	parts := strings.Split(name, "/")
	for depth := len(parts) - 1; depth > 0; depth-- {
		candidate := strings.Join(parts[:depth], "/") + "/404/index.html"
		if isRegularFile(filepath.Join(root, filepath.FromSlash(candidate))) {
			return candidate
		}
	}
	return "404.html"
}

// contentTypes fixes the types the site uses (the system's mime table varies).
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".json":        "application/json",
	".xml":         "application/xml; charset=utf-8",
	".txt":         "text/plain; charset=utf-8",
	".svg":         "image/svg+xml",
	".webmanifest": "application/manifest+json",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".gif":         "image/gif",
	".ico":         "image/x-icon",
	".woff2":       "font/woff2",
	".pdf":         "application/pdf",
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if known, ok := contentTypes[ext]; ok {
		return known
	}
	if guessed := mime.TypeByExtension(ext); guessed != "" {
		return guessed
	}
	return "application/octet-stream"
}

func (s *Server) serveFile(e *core.RequestEvent, root string, manifest *Manifest, name string, status int) error {
	header := e.Response.Header()
	manifest.Apply(header, "/"+strings.TrimSuffix(strings.TrimSuffix(name, "index.html"), "/"))
	if !IsHTTPS(e.Request) {
		// Browsers ignore HSTS over plain HTTP; send it only where it means something.
		header.Del("Strict-Transport-Security")
	}
	if header.Get("Cache-Control") == "" {
		if strings.HasSuffix(name, ".html") {
			header.Set("Cache-Control", cacheRevalidate)
		} else {
			header.Set("Cache-Control", cacheStatic)
		}
	}
	header.Set("Content-Type", contentType(name))

	file := filepath.Join(root, filepath.FromSlash(name))
	encoding, served := negotiate(e.Request.Header.Get("Accept-Encoding"), file)
	if compressible(name) {
		header.Add("Vary", "Accept-Encoding")
	}
	if encoding != "" {
		header.Set("Content-Encoding", encoding)
	}

	f, err := os.Open(served)
	if err != nil {
		if status == http.StatusNotFound {
			return e.String(http.StatusNotFound, "404 - página não encontrada\n")
		}
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}

	if status != http.StatusOK {
		// A 404 page is small and never cached by validators: write it whole.
		var body bytes.Buffer
		if _, err := body.ReadFrom(f); err != nil {
			return err
		}
		header.Set("Cache-Control", cacheRevalidate)
		return e.Blob(status, header.Get("Content-Type"), body.Bytes())
	}

	header.Set("ETag", etag(info.ModTime(), info.Size(), encoding))
	http.ServeContent(e.Response, e.Request, "", info.ModTime(), f)
	return nil
}

func etag(modTime time.Time, size int64, encoding string) string {
	suffix := ""
	if encoding != "" {
		suffix = "-" + encoding
	}
	return fmt.Sprintf(`"%x-%x%s"`, modTime.UnixNano(), size, suffix)
}
