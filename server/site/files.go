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
	suffix       string // "", ".br" or ".gz": appended to the file's name
	coding       string // "", "br" or "gzip"
	etag         string
	compressible bool // copies exist: the answer varies by Accept-Encoding
}

// precompressed lists the copies the build may write beside a file, in order of
// preference (src/integrations/ decides which files get them).
var precompressed = [...]struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// pickVariant returns the representation of file (info: the file's own, as
// resolved) the client accepts, brotli first.
func pickVariant(file string, info os.FileInfo, acceptEncoding string) variant {
	v := variant{etag: etag(info, "")}
	for _, candidate := range precompressed {
		copyInfo := regularFile(file + candidate.suffix)
		if copyInfo == nil {
			continue
		}
		v.compressible = true
		if v.coding == "" && accepts(acceptEncoding, candidate.coding) {
			v.suffix, v.coding, v.etag = candidate.suffix, candidate.coding, etag(copyInfo, candidate.coding)
		}
	}
	return v
}

// etag tells representations apart: each file version, and each coding of it.
func etag(info os.FileInfo, coding string) string {
	suffix := ""
	if coding != "" {
		suffix = "-" + coding
	}
	return fmt.Sprintf(`"%x-%x%s"`, info.ModTime().UnixNano(), info.Size(), suffix)
}

// regularFile is the file's info, or nil when it is missing or not a regular file.
func regularFile(file string) os.FileInfo {
	info, err := os.Stat(file)
	if err != nil || !info.Mode().IsRegular() {
		return nil
	}
	return info
}

// RedirectsFile is the routing manifest the build writes for static hosts
// (src/integrations/redirects.mjs): this server applies its fixed rules in code
// (Serve) and reads from it only the moved pages' exact redirects (Redirects); it
// never serves the file.
const RedirectsFile = "_redirects"

// Redirects are the exact-path permanent redirects of a _redirects manifest (lines
// "from to 301"): the old addresses of moved pages. Rules with a wildcard, a
// placeholder or another status are the fixed ones this server applies in code.
type Redirects struct {
	targets map[string]string
}

// ParseRedirects reads the _redirects format: blank lines and comments (#) skipped;
// the first rule for a path wins, as on Netlify.
func ParseRedirects(text string) *Redirects {
	r := &Redirects{targets: map[string]string{}}
	for _, line := range strings.Split(text, "\n") {
		fields := strings.Fields(line)
		if len(fields) != 3 || strings.HasPrefix(fields[0], "#") || fields[2] != "301" {
			continue
		}
		from, to := fields[0], fields[1]
		if !strings.HasPrefix(from, "/") || !strings.HasPrefix(to, "/") || strings.ContainsAny(from+to, "*:") || from == to {
			continue
		}
		if _, taken := r.targets[from]; !taken {
			r.targets[from] = to
		}
	}
	return r
}

// Target is where urlPath (clean, rooted) has moved, if it has.
func (r *Redirects) Target(urlPath string) (string, bool) {
	if r == nil {
		return "", false
	}
	target, found := r.targets[urlPath]
	return target, found
}

// hidden names are never part of the public site: dotfiles (the build stamp,
// editor files), the manifests for static hosts and the precompressed copies,
// which are only ever sent in place of their original.
func hidden(name string) bool {
	if name == ManifestFile || name == RedirectsFile {
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
// or the index.html of a folder, with its info. Returns a nil info when there is none.
func resolveFile(root, name string) (string, os.FileInfo) {
	if hidden(name) {
		return "", nil
	}
	candidates := []string{name, name + "/index.html"}
	if name == "" {
		candidates = []string{"index.html"}
	}
	for _, candidate := range candidates {
		if info := regularFile(filepath.Join(root, filepath.FromSlash(candidate))); info != nil {
			return candidate, info
		}
	}
	return "", nil
}

// notFoundPage is the 404 page nearest to the missing path, with its info:
// blog/404/index.html for /blog/…, else 404.html (a nil info when the site has none).
func notFoundPage(root, name string) (string, os.FileInfo) {
	parts := strings.Split(name, "/")
	for depth := len(parts) - 1; depth > 0; depth-- {
		candidate := strings.Join(parts[:depth], "/") + "/404/index.html"
		if info := regularFile(filepath.Join(root, filepath.FromSlash(candidate))); info != nil {
			return candidate, info
		}
	}
	return "404.html", regularFile(filepath.Join(root, "404.html"))
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
