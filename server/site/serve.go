// Package site serves the prebuilt public site and the admin island from the same
// process as the API, the way a static host would: precompressed variants (.br,
// .gz) written by the build, the build's _headers manifest (Content-Security-Policy
// and the other security headers, immutable caching of fingerprinted assets),
// revalidated HTML, and the hot files kept in memory.
//
// Page requests are answered before PocketBase's router (see Register): a visit
// needs none of the API's middleware (auth tokens, rate limits, request log).
//
// Routing rules: /legacy-admin/* redirects to /admin/*; a trailing slash redirects
// to the canonical URL; /admin/* falls back to the admin page for client-side
// routing; anything else missing gets the nearest 404 page with a real 404 status.
package site

import (
	"bytes"
	"io"
	"log"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"
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
	files     fileCache
	resolved  atomic.Pointer[resolvedRoot]
}

// resolvedRoot is where the site link pointed when last read.
type resolvedRoot struct {
	dir, target string
	at          time.Time
}

// root resolves the site link (read again at most every revalidateEvery): every
// file of a request comes from the same build even if a publish swaps the link
// meanwhile.
func (s *Server) root() string {
	dir := s.Dir()
	now := time.Now()
	if last := s.resolved.Load(); last != nil && last.dir == dir && now.Sub(last.at) < revalidateEvery {
		return last.target
	}
	target, err := os.Readlink(dir)
	switch {
	case err != nil:
		target = dir
	case !filepath.IsAbs(target):
		target = filepath.Join(filepath.Dir(dir), target)
	}
	s.resolved.Store(&resolvedRoot{dir: dir, target: target, at: now})
	return target
}

// ServeHTTP answers GET and HEAD requests for the site's pages and files.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if failure := recover(); failure != nil {
			log.Printf("site: panic serving %s: %v\n%s", r.URL.Path, failure, debug.Stack())
			serverError(w)
		}
	}()
	setBaseHeaders(w.Header(), r)

	urlPath := r.URL.Path
	// path.Clean on a rooted path never escapes the root ("/../x" becomes "/x").
	name := strings.TrimLeft(path.Clean("/"+urlPath), "/")

	if name == "legacy-admin" || strings.HasPrefix(name, "legacy-admin/") {
		redirect(w, r, "/admin"+strings.TrimPrefix(name, "legacy-admin"))
		return
	}
	// Canonical URLs have no trailing slash (Astro's trailingSlash: 'never').
	if len(urlPath) > 1 && strings.HasSuffix(urlPath, "/") {
		redirect(w, r, "/"+name)
		return
	}

	root := s.root()
	if file := s.files.get(root, name, &s.manifests); file != nil {
		s.send(w, r, file, http.StatusOK)
		return
	}
	if name == "admin" || strings.HasPrefix(name, "admin/") {
		if file := s.files.get(root, "admin/index.html", &s.manifests); file != nil {
			s.send(w, r, file, http.StatusOK)
			return
		}
	}
	if file := s.files.get(root, notFoundPage(root, name), &s.manifests); file != nil {
		s.send(w, r, file, http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write([]byte("404 - página não encontrada\n"))
}

// redirect answers with a permanent redirect to target (a path on this host),
// keeping the query.
func redirect(w http.ResponseWriter, r *http.Request, target string) {
	location := localPath(target)
	if r.URL.RawQuery != "" {
		location += "?" + r.URL.RawQuery
	}
	w.Header().Set("Location", location)
	w.WriteHeader(http.StatusMovedPermanently)
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

func (s *Server) send(w http.ResponseWriter, r *http.Request, file *siteFile, status int) {
	header := w.Header()
	for _, h := range file.headers {
		header[h.key] = h.value
	}
	if !IsHTTPS(r) {
		// Browsers ignore HSTS over plain HTTP; send it only where it means something.
		header.Del("Strict-Transport-Security")
	}
	if file.compressible {
		header["Vary"] = varyAcceptEncoding
	}
	v := file.pick(r.Header.Get("Accept-Encoding"))
	if v.coding != "" {
		header["Content-Encoding"] = contentEncoding[v.coding]
	}
	if status == http.StatusOK && plainRequest(r) {
		s.sendWhole(w, r, v)
		return
	}

	content, closeContent, err := v.open()
	if err != nil {
		serverError(w)
		return
	}
	defer closeContent()

	if status != http.StatusOK {
		// An error page is never revalidated nor served in ranges: write it whole.
		header["Cache-Control"] = []string{cacheRevalidate}
		var body bytes.Buffer
		if _, err := body.ReadFrom(content); err != nil {
			return
		}
		w.WriteHeader(status)
		_, _ = w.Write(body.Bytes())
		return
	}
	header["Etag"] = v.etagHeader
	http.ServeContent(w, r, "", v.modTime, content)
}

var (
	varyAcceptEncoding = []string{"Accept-Encoding"}
	contentEncoding    = map[string][]string{"br": {"br"}, "gzip": {"gzip"}}
)

// plainRequest: no range and no validator to check, the case of nearly every
// visit, which needs none of http.ServeContent's work.
func plainRequest(r *http.Request) bool {
	h := r.Header
	return h["Range"] == nil && h["If-None-Match"] == nil && h["If-Modified-Since"] == nil &&
		h["If-Match"] == nil && h["If-Unmodified-Since"] == nil && h["If-Range"] == nil
}

// sendWhole answers 200 with the whole variant: from memory in one write, or from
// the file by sendfile.
func (s *Server) sendWhole(w http.ResponseWriter, r *http.Request, v *variant) {
	header := w.Header()
	header["Accept-Ranges"] = acceptRanges
	if v.body != nil {
		header["Etag"] = v.etagHeader
		header["Last-Modified"] = v.lastModified
		header["Content-Length"] = v.contentLength
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = w.Write(v.body)
		}
		return
	}
	f, err := os.Open(v.path)
	if err != nil {
		serverError(w)
		return
	}
	defer func() { _ = f.Close() }()
	if info, err := f.Stat(); err != nil || info.Size() != v.size || !info.ModTime().Equal(v.modTime) {
		// Rewritten in place since it was last looked at: describe the file as opened.
		var modTime time.Time
		if err == nil {
			modTime = info.ModTime()
		}
		http.ServeContent(w, r, "", modTime, f)
		return
	}
	header["Etag"] = v.etagHeader
	header["Last-Modified"] = v.lastModified
	header["Content-Length"] = v.contentLength
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = io.CopyN(w, f, v.size)
	}
}

var acceptRanges = []string{"bytes"}

// serverError answers 500 as plain text: nothing of the file's representation
// (encoding, validators, long caching) may stay on it.
func serverError(w http.ResponseWriter) {
	header := w.Header()
	for _, key := range [...]string{"Content-Encoding", "Etag", "Last-Modified", "Vary", "Accept-Ranges"} {
		delete(header, key)
	}
	header["Cache-Control"] = []string{"no-store"}
	http.Error(w, "500 - erro interno do servidor", http.StatusInternalServerError)
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
