package site

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

const (
	// Files up to this size are kept in memory, up to cacheBudget in all. Bigger
	// ones are sent from the open file, which the kernel copies to the socket
	// itself (sendfile): measured on loopback, twice the rate of writing a 46 KB
	// page from memory.
	maxCachedFile = 16 << 10
	cacheBudget   = 64 << 20
)

// variant is one representation of a file: the original or a precompressed copy.
type variant struct {
	coding  string // "", "br" or "gzip"
	path    string
	modTime time.Time
	size    int64
	etag    string
	body    []byte // nil when too big for the cache: sent from the file
}

func (v *variant) open() (io.ReadSeeker, func(), error) {
	if v.body != nil {
		return bytes.NewReader(v.body), func() {}, nil
	}
	f, err := os.Open(v.path)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { _ = f.Close() }, nil
}

// siteFile is a resolved file of the site with its variants and response headers.
type siteFile struct {
	variants     []*variant // the original first, then the precompressed copies
	headers      [][2]string
	compressible bool
}

// unchanged reports whether the original file on disk is still the one cached:
// one stat per request, so a folder rebuilt in place (npm run build under a
// running server) or a deleted file shows at once. Published builds are new
// folders, which start a new cache anyway.
func (f *siteFile) unchanged() bool {
	original := f.variants[0]
	info, err := os.Stat(original.path)
	return err == nil && info.Mode().IsRegular() && info.Size() == original.size && info.ModTime().Equal(original.modTime)
}

// pick returns the variant the client accepts, brotli first.
func (f *siteFile) pick(acceptEncoding string) *variant {
	if acceptEncoding != "" {
		for _, coding := range [...]string{"br", "gzip"} {
			for _, v := range f.variants[1:] {
				if v.coding == coding && accepts(acceptEncoding, coding) {
					return v
				}
			}
		}
	}
	return f.variants[0]
}

// fileCache maps the request names of the current build to resolved files.
// Only names that exist are kept, so random missing paths cannot grow it.
type fileCache struct {
	mu      sync.RWMutex
	root    string
	entries map[string]*siteFile
	bytes   int64
}

// get returns the file for a request name; the headers manifest is read only when
// a file is (re)loaded, since a cached file keeps the headers it was loaded with.
func (c *fileCache) get(root, name string, manifests *manifestCache) *siteFile {
	c.mu.RLock()
	file := c.entries[name]
	current := c.root == root
	c.mu.RUnlock()
	if current && file != nil && file.unchanged() {
		return file
	}

	resolved := resolveFile(root, name)
	if resolved == "" {
		return nil
	}
	fresh, err := c.load(root, resolved, manifests.get(root), file)
	if err != nil {
		return nil
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	if c.root != root {
		// A new build went live: the old one's files are no longer served.
		c.root, c.entries, c.bytes = root, map[string]*siteFile{}, 0
	}
	c.entries[name] = fresh
	return fresh
}

// load reads a file's variants, reusing the cached bodies that did not change.
func (c *fileCache) load(root, name string, manifest *Manifest, previous *siteFile) (*siteFile, error) {
	full := filepath.Join(root, filepath.FromSlash(name))
	file := &siteFile{compressible: compressible(name)}
	candidates := []struct{ coding, suffix string }{{"", ""}}
	if file.compressible {
		candidates = append(candidates, struct{ coding, suffix string }{"br", ".br"}, struct{ coding, suffix string }{"gzip", ".gz"})
	}
	for _, candidate := range candidates {
		info, err := os.Stat(full + candidate.suffix)
		if err != nil || !info.Mode().IsRegular() {
			if candidate.coding == "" {
				return nil, fmt.Errorf("site file %s: %w", name, err)
			}
			continue
		}
		v := &variant{coding: candidate.coding, path: full + candidate.suffix, modTime: info.ModTime(), size: info.Size()}
		v.etag = etag(v)
		v.body = c.reuseOrRead(previous, v)
		file.variants = append(file.variants, v)
	}

	header := http.Header{}
	manifest.Apply(header, "/"+strings.TrimSuffix(strings.TrimSuffix(name, "index.html"), "/"))
	if header.Get("Cache-Control") == "" {
		if strings.HasSuffix(name, ".html") {
			header.Set("Cache-Control", cacheRevalidate)
		} else {
			header.Set("Cache-Control", cacheStatic)
		}
	}
	header.Set("Content-Type", contentType(name))
	for key, values := range header {
		file.headers = append(file.headers, [2]string{key, values[0]})
	}
	return file, nil
}

func (c *fileCache) reuseOrRead(previous *siteFile, v *variant) []byte {
	if previous != nil {
		for _, old := range previous.variants {
			if old.path == v.path && old.etag == v.etag && old.body != nil {
				return old.body
			}
		}
	}
	if v.size > maxCachedFile {
		return nil
	}
	c.mu.Lock()
	full := c.bytes+v.size > cacheBudget
	if !full {
		c.bytes += v.size
	}
	c.mu.Unlock()
	if full {
		return nil
	}
	body, err := os.ReadFile(v.path)
	if err != nil || int64(len(body)) != v.size {
		return nil
	}
	return body
}

func etag(v *variant) string {
	suffix := ""
	if v.coding != "" {
		suffix = "-" + v.coding
	}
	return fmt.Sprintf(`"%x-%x%s"`, v.modTime.UnixNano(), v.size, suffix)
}
