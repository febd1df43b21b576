package site

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

const (
	// Files up to this size are kept in memory, up to cacheBudget in all: the
	// pages, styles and scripts. Bigger ones (images, PDFs) are sent from the file
	// by sendfile. Measured on loopback with wrk: a 41-48 KB page or stylesheet
	// answered from memory in one write runs 8-15% faster than opening the file
	// and sending it by sendfile on every request.
	maxCachedFile = 64 << 10
	cacheBudget   = 64 << 20
	// How long a look at the disk holds: the files of a request and the build the
	// site link points to are checked again after this. A short time for people
	// (a rebuilt or newly published site shows within it), a long one for a
	// server answering thousands of requests a second.
	revalidateEvery = 100 * time.Millisecond
)

// variant is one representation of a file: the original or a precompressed copy.
type variant struct {
	coding  string // "", "br" or "gzip"
	path    string
	modTime time.Time
	size    int64
	etag    string
	body    []byte // nil when too big for the cache: sent from the file
	// The validators and length as header values, formatted once.
	etagHeader, lastModified, contentLength []string
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

// headerValue is a response header set as is on every response of a file (the
// value slice is shared, never changed).
type headerValue struct {
	key   string
	value []string
}

// siteFile is a resolved file of the site with its variants and response headers.
type siteFile struct {
	variants     []*variant // the original first, then the precompressed copies
	headers      []headerValue
	compressible bool         // precompressed variants exist: the answer varies by Accept-Encoding
	checkedAt    atomic.Int64 // when the file on disk was last seen unchanged (Unix ns)
}

// unchanged reports whether the files on disk (the original and its compressed
// copies) are still the ones cached. They are looked at again at most every
// revalidateEvery, so a folder rebuilt in place (npm run build under a running
// server) or a deleted file shows within that time, without a stat on every
// request. Published builds are new folders, which start a new cache anyway.
func (f *siteFile) unchanged(now time.Time) bool {
	// A clock set back (a negative age) counts as expired.
	if age := now.UnixNano() - f.checkedAt.Load(); age >= 0 && age < int64(revalidateEvery) {
		return true
	}
	for _, v := range f.variants {
		info, err := os.Stat(v.path)
		if err != nil || !info.Mode().IsRegular() || info.Size() != v.size || !info.ModTime().Equal(v.modTime) {
			return false
		}
	}
	f.checkedAt.Store(now.UnixNano())
	return true
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
	if current && file != nil && file.unchanged(time.Now()) {
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
	file := &siteFile{}
	// The build decides what is worth compressing (src/integrations/precompress.mjs):
	// a file has the variants it wrote beside it, or none.
	candidates := []struct{ coding, suffix string }{{"", ""}, {"br", ".br"}, {"gzip", ".gz"}}
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
		v.etagHeader = []string{v.etag}
		v.lastModified = []string{v.modTime.UTC().Format(http.TimeFormat)}
		v.contentLength = []string{strconv.FormatInt(v.size, 10)}
		v.body = c.reuseOrRead(previous, v)
		file.variants = append(file.variants, v)
	}
	file.compressible = len(file.variants) > 1

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
		file.headers = append(file.headers, headerValue{key, values[:1:1]})
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
