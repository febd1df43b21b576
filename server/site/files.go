package site

import (
	"fmt"
	"mime"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// variant is the representation of a file chosen for a request: the original or
// a precompressed copy the build wrote beside it.
type variant struct {
	path         string
	coding       string // "", "br" or "gzip"
	etag         string
	compressible bool // copies exist: the answer varies by Accept-Encoding
}

// precompressed lists the copies the build may write beside a file, in order of
// preference (src/integrations/ decides which files get them).
var precompressed = [...]struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// pickVariant returns the representation of file the client accepts, brotli
// first; ok is false when the file itself is missing.
func pickVariant(file, acceptEncoding string) (v variant, ok bool) {
	info, err := os.Stat(file)
	if err != nil || !info.Mode().IsRegular() {
		return variant{}, false
	}
	v = variant{path: file, etag: etag(info, "")}
	for _, candidate := range precompressed {
		copyInfo, err := os.Stat(file + candidate.suffix)
		if err != nil || !copyInfo.Mode().IsRegular() {
			continue
		}
		v.compressible = true
		if v.coding == "" && accepts(acceptEncoding, candidate.coding) {
			v.path, v.coding, v.etag = file+candidate.suffix, candidate.coding, etag(copyInfo, candidate.coding)
		}
	}
	return v, true
}

// etag tells representations apart: each file version, and each coding of it.
func etag(info os.FileInfo, coding string) string {
	suffix := ""
	if coding != "" {
		suffix = "-" + coding
	}
	return fmt.Sprintf(`"%x-%x%s"`, info.ModTime().UnixNano(), info.Size(), suffix)
}

func isRegularFile(file string) bool {
	info, err := os.Stat(file)
	return err == nil && info.Mode().IsRegular()
}

// hidden names are never part of the public site: dotfiles (the build stamp,
// editor files), the headers manifest and the precompressed copies, which are
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
