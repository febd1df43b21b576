package site

import (
	"bufio"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// ManifestFile is the headers manifest the build writes next to the pages, in the
// format static hosts read (Netlify, Cloudflare Pages): a path pattern on its own
// line, then indented "Name: value" lines. The same file gives a CDN deployment
// the same headers this server sends.
const ManifestFile = "_headers"

type headerRule struct {
	pattern string // "/*", "/_astro/*" or an exact path
	headers [][2]string
}

// Manifest is a parsed _headers file.
type Manifest struct {
	rules []headerRule
}

// ParseManifest reads the _headers format. Comments (#) and blank lines are
// skipped; header lines before any path are ignored.
func ParseManifest(text string) *Manifest {
	m := &Manifest{}
	scanner := bufio.NewScanner(strings.NewReader(text))
	scanner.Buffer(make([]byte, 64*1024), 1024*1024)
	for scanner.Scan() {
		line := scanner.Text()
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		indented := line[0] == ' ' || line[0] == '\t'
		if !indented {
			m.rules = append(m.rules, headerRule{pattern: trimmed})
			continue
		}
		name, value, found := strings.Cut(trimmed, ":")
		if !found || len(m.rules) == 0 {
			continue
		}
		last := &m.rules[len(m.rules)-1]
		last.headers = append(last.headers, [2]string{http.CanonicalHeaderKey(strings.TrimSpace(name)), strings.TrimSpace(value)})
	}
	return m
}

func (r headerRule) matches(urlPath string) bool {
	if prefix, wildcard := strings.CutSuffix(r.pattern, "*"); wildcard {
		return strings.HasPrefix(urlPath, prefix)
	}
	return urlPath == r.pattern
}

// Apply sets on h every header of every rule that matches urlPath, in file order
// (a later rule overrides an earlier one for the same header).
func (m *Manifest) Apply(h http.Header, urlPath string) {
	if m == nil {
		return
	}
	for _, rule := range m.rules {
		if !rule.matches(urlPath) {
			continue
		}
		for _, header := range rule.headers {
			h.Set(header[0], header[1])
		}
	}
}

// fileCache keeps a manifest of each build folder (_headers, _redirects) as parsed
// by parse. A published build is a new folder (SITE_DIR is a link swapped to it), so
// the folder names the version; a plain folder rebuilt in place is re-read when its
// file changes, checked at most once a second.
type fileCache[T any] struct {
	name    string
	parse   func(string) *T
	mu      sync.Mutex
	entries map[string]*cachedFile[T]
}

type cachedFile[T any] struct {
	parsed  *T
	modTime time.Time
	checked time.Time
}

func (c *fileCache[T]) get(root string) *T {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string]*cachedFile[T]{}
	}
	entry := c.entries[root]
	now := time.Now()
	if entry != nil && now.Sub(entry.checked) < time.Second {
		return entry.parsed
	}
	file := filepath.Join(root, c.name)
	info, err := os.Stat(file)
	if err != nil {
		c.entries[root] = &cachedFile[T]{checked: now}
		return nil
	}
	if entry != nil && entry.parsed != nil && info.ModTime().Equal(entry.modTime) {
		entry.checked = now
		return entry.parsed
	}
	data, err := os.ReadFile(file)
	if err != nil {
		c.entries[root] = &cachedFile[T]{checked: now}
		return nil
	}
	if len(c.entries) > 16 {
		// Old build folders are pruned by the publisher; forget them too.
		c.entries = map[string]*cachedFile[T]{}
	}
	parsed := c.parse(string(data))
	c.entries[root] = &cachedFile[T]{parsed: parsed, modTime: info.ModTime(), checked: now}
	return parsed
}
