package site

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// fixture writes a small built site into a temporary folder.
func fixture(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, body := range files {
		full := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// serve starts the site route on PocketBase's router, as Register binds it.
func serve(t *testing.T, dir func() string) *httptest.Server {
	t.Helper()
	r := router.NewRouter(func(w http.ResponseWriter, req *http.Request) (*core.RequestEvent, router.EventCleanupFunc) {
		e := new(core.RequestEvent)
		e.Response, e.Request = w, req
		return e, nil
	})
	r.Bind(SecurityHeaders())
	r.GET("/{path...}", NewServer(dir).Serve)
	mux, err := r.BuildMux()
	if err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(front(mux))
	t.Cleanup(server.Close)
	return server
}

type answer struct {
	status int
	header http.Header
	body   string
}

func get(t *testing.T, server *httptest.Server, path string, headers ...string) answer {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, server.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "identity")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return answer{res.StatusCode, res.Header, string(body)}
}

func gzipped(t *testing.T, text string) string {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	_, _ = w.Write([]byte(text))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

const manifest = `# test
/*
  Content-Security-Policy: script-src 'self'
  Strict-Transport-Security: max-age=31536000
/_astro/*
  Cache-Control: public, max-age=31536000, immutable
`

// As src/integrations/redirects.mjs writes it: the fixed rules, then moved pages.
const redirects = `# test
/legacy-admin/*  /admin/:splat  301
/sobre-nos       /quem-somos    301
/sobre-nos       /blog          301
/quem-somos      /blog          301
/antiga/*        /blog          301
/*               /404.html      404
`

func site(t *testing.T) (*httptest.Server, string) {
	root := fixture(t, map[string]string{
		"index.html":            "<h1>início</h1>",
		"index.html.br":         "brotli bytes",
		"index.html.gz":         gzipped(t, "<h1>início</h1>"),
		"404.html":              "<h1>404 do site</h1>",
		"blog/index.html":       "<h1>blog</h1>",
		"blog/404/index.html":   "<h1>404 do blog</h1>",
		"admin/index.html":      "<h1>admin</h1>",
		"quem-somos/index.html": "<h1>quem somos</h1>",
		"_astro/app.abc.js":     "console.log(1)",
		"robots.txt":            "User-agent: *",
		".build-stamp.json":     "{}",
		"_headers":              manifest,
		"_redirects":            redirects,
	})
	return serve(t, func() string { return root }), root
}

func TestPagesAreFolderIndexesWithoutTrailingSlash(t *testing.T) {
	server, _ := site(t)
	for path, want := range map[string]string{"/": "início", "/blog": "blog", "/quem-somos": "quem somos", "/a/../blog": "blog"} {
		a := get(t, server, path)
		if a.status != http.StatusOK || !strings.Contains(a.body, want) {
			t.Errorf("%s: %d %q", path, a.status, a.body)
		}
		if got := a.header.Get("Content-Type"); got != "text/html; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", path, got)
		}
	}
}

func TestRedirects(t *testing.T) {
	server, _ := site(t)
	cases := map[string]string{
		"/quem-somos/?a=1":        "/quem-somos?a=1",
		"/legacy-admin/posts/x?t": "/admin/posts/x?t",
		"/legacy-admin":           "/admin",
		"/%5Cevil.example/":       "/%5Cevil.example",
		"/%09/evil.example/":      "/%09/evil.example",
		"/%2F%2Fevil.example/":    "/evil.example",
		"//evil.example/":         "/evil.example",
		"//legacy-admin//x":       "/admin/x",
		"/a/../quem-somos/":       "/quem-somos",
	}
	for path, want := range cases {
		a := get(t, server, path)
		if a.status != http.StatusMovedPermanently || a.header.Get("Location") != want {
			t.Errorf("%s: %d Location %q, want 301 %q", path, a.status, a.header.Get("Location"), want)
		}
	}
}

func TestMovedPagesRedirectWhereNoFileIs(t *testing.T) {
	server, _ := site(t)
	for path, want := range map[string]string{"/sobre-nos": "/quem-somos", "/sobre-nos/?a=1": "/sobre-nos?a=1", "/sobre-nos?a=1": "/quem-somos?a=1"} {
		a := get(t, server, path)
		if a.status != http.StatusMovedPermanently || a.header.Get("Location") != want {
			t.Errorf("%s: %d Location %q, want 301 %q", path, a.status, a.header.Get("Location"), want)
		}
	}
	// A page that exists is served; a wildcard rule is not one of the moved pages'.
	if a := get(t, server, "/quem-somos"); a.status != http.StatusOK {
		t.Errorf("/quem-somos: %d", a.status)
	}
	if a := get(t, server, "/antiga/x"); a.status != http.StatusNotFound {
		t.Errorf("/antiga/x: %d", a.status)
	}
}

func TestLocalPathNeverLeavesTheHost(t *testing.T) {
	for _, p := range []string{`\evil`, "//evil", `/\evil`, "\t/evil", "/\n\\evil", "", "../../x"} {
		got := localPath(p)
		if !strings.HasPrefix(got, "/") || strings.HasPrefix(got, "//") || strings.ContainsAny(got, "\\\t\n\r") {
			t.Errorf("localPath(%q) = %q", p, got)
		}
	}
}

func TestMissingPathsGetTheNearest404Page(t *testing.T) {
	server, _ := site(t)
	for path, want := range map[string]string{"/nao/existe": "404 do site", "/blog/nao-existe": "404 do blog"} {
		a := get(t, server, path)
		if a.status != http.StatusNotFound || !strings.Contains(a.body, want) {
			t.Errorf("%s: %d %q", path, a.status, a.body)
		}
		if a.header.Get("Cache-Control") != cacheRevalidate || !strings.HasPrefix(a.header.Get("Content-Type"), "text/html") {
			t.Errorf("%s: headers %v", path, a.header)
		}
	}
}

func TestAdminDeepLinksGetTheAdminPage(t *testing.T) {
	server, _ := site(t)
	for _, path := range []string{"/admin", "/admin/posts/abc", "/admin/users/1/show"} {
		if a := get(t, server, path); a.status != http.StatusOK || !strings.Contains(a.body, "admin") {
			t.Errorf("%s: %d %q", path, a.status, a.body)
		}
	}
}

func TestCaching(t *testing.T) {
	server, _ := site(t)
	for path, want := range map[string]string{
		"/_astro/app.abc.js": "public, max-age=31536000, immutable",
		"/":                  "no-cache",
		"/robots.txt":        "public, max-age=3600",
	} {
		if got := get(t, server, path).header.Get("Cache-Control"); got != want {
			t.Errorf("%s: Cache-Control %q, want %q", path, got, want)
		}
	}
}

func TestPrecompressedCopies(t *testing.T) {
	server, _ := site(t)
	cases := []struct{ accept, coding, body string }{
		{"gzip, deflate, br", "br", "brotli bytes"},
		{"gzip", "gzip", gzipped(t, "<h1>início</h1>")},
		{"br;q=0, gzip", "gzip", gzipped(t, "<h1>início</h1>")},
		{"identity", "", "<h1>início</h1>"},
		{"*;q=0", "", "<h1>início</h1>"},
	}
	for _, c := range cases {
		a := get(t, server, "/", "Accept-Encoding", c.accept)
		if a.header.Get("Content-Encoding") != c.coding || a.body != c.body {
			t.Errorf("%q: encoding %q body %q", c.accept, a.header.Get("Content-Encoding"), a.body)
		}
		if a.header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("%q: Vary %q", c.accept, a.header.Get("Vary"))
		}
	}
	if vary := get(t, server, "/robots.txt", "Accept-Encoding", "br").header.Get("Vary"); vary != "" {
		t.Errorf("a file without copies varies by %q", vary)
	}
}

func TestRevalidationAndRanges(t *testing.T) {
	server, _ := site(t)
	first := get(t, server, "/", "Accept-Encoding", "br")
	etag := first.header.Get("Etag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	if a := get(t, server, "/", "Accept-Encoding", "br", "If-None-Match", etag); a.status != http.StatusNotModified {
		t.Errorf("same validator: %d", a.status)
	}
	// The gzip copy is another representation.
	if a := get(t, server, "/", "Accept-Encoding", "gzip", "If-None-Match", etag); a.status != http.StatusOK {
		t.Errorf("other coding: %d", a.status)
	}
	if a := get(t, server, "/robots.txt", "Range", "bytes=0-3"); a.status != http.StatusPartialContent || a.body != "User" {
		t.Errorf("range: %d %q", a.status, a.body)
	}
}

func TestSecurityHeaders(t *testing.T) {
	server, _ := site(t)
	for _, path := range []string{"/", "/admin/posts", "/nao/existe", "/_astro/app.abc.js"} {
		a := get(t, server, path)
		if a.header.Get("Content-Security-Policy") != "script-src 'self'" || a.header.Get("X-Frame-Options") != "DENY" ||
			a.header.Get("Referrer-Policy") != ReferrerPolicy || a.header.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: %v", path, a.header)
		}
	}
	if got := get(t, server, "/", "X-Forwarded-Proto", "https").header.Get("Strict-Transport-Security"); got != HSTS {
		t.Errorf("over TLS: HSTS %q", got)
	}
}

func TestHiddenFilesAndTraversal(t *testing.T) {
	server, _ := site(t)
	for _, path := range []string{"/.build-stamp.json", "/_headers", "/_redirects", "/index.html.br", "/index.html.gz", "/..%2f..%2fetc%2fpasswd"} {
		if a := get(t, server, path); a.status != http.StatusNotFound {
			t.Errorf("%s: %d", path, a.status)
		}
	}
}

func TestPocketBasePathsAreNotTheSites(t *testing.T) {
	server, _ := site(t)
	for _, path := range []string{"/api", "/api/nao-existe", "/_"} {
		a := get(t, server, path)
		if a.status != http.StatusNotFound || strings.Contains(a.body, "404 do site") || !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
			t.Errorf("%s: %d %s %q", path, a.status, a.header.Get("Content-Type"), a.body)
		}
	}
}

func TestANewBuildGoesLiveWhenTheLinkSwaps(t *testing.T) {
	parent := t.TempDir()
	for _, build := range []string{"a", "b"} {
		dir := filepath.Join(parent, build)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("build "+build), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(parent, "live")
	if err := os.Symlink("a", link); err != nil {
		t.Fatal(err)
	}
	server := serve(t, func() string { return link })
	if a := get(t, server, "/"); a.body != "build a" {
		t.Fatalf("before the swap: %q", a.body)
	}
	next := filepath.Join(parent, "live.next")
	if err := os.Symlink("b", next); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(next, link); err != nil {
		t.Fatal(err)
	}
	if a := get(t, server, "/"); a.body != "build b" {
		t.Errorf("after the swap: %q", a.body)
	}
}

func TestLargeUnreadBodiesCloseTheConnection(t *testing.T) {
	server, _ := site(t)
	// Only the head is sent: the early answer must come without the body, and a
	// client still writing the body would race the server's close.
	conn, err := net.Dial("tcp", server.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	head := fmt.Sprintf("POST /api/x HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n\r\n", server.Listener.Addr(), maxDrainedBody+1)
	if _, err := conn.Write([]byte(head)); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if !res.Close {
		t.Error("the connection stays open after a large unread body")
	}
}

func TestFirstStartAnswersTheBuildingPageUntilTheSiteExists(t *testing.T) {
	parent := t.TempDir()
	link := filepath.Join(parent, "live")
	server := serve(t, func() string { return link })

	for _, path := range []string{"/", "/blog/um-artigo", "/admin", "/admin/posts"} {
		got := get(t, server, path)
		if got.status != http.StatusServiceUnavailable {
			t.Fatalf("%s: status %d, want 503", path, got.status)
		}
		if got.header.Get("Retry-After") != "5" || got.header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Retry-After %q, Cache-Control %q", path, got.header.Get("Retry-After"), got.header.Get("Cache-Control"))
		}
		if !strings.Contains(got.body, "Estamos gerando o site…") || !strings.Contains(got.body, `http-equiv="refresh"`) {
			t.Errorf("%s: body %q", path, got.body)
		}
		if !strings.HasPrefix(got.header.Get("Content-Type"), "text/html") {
			t.Errorf("%s: Content-Type %q", path, got.header.Get("Content-Type"))
		}
	}

	// The first build is published (the link appears): the site itself, never the page again.
	build := fixture(t, map[string]string{"index.html": "<h1>Operium</h1>", "admin/index.html": "<div>painel</div>"})
	if err := os.Symlink(build, link); err != nil {
		t.Fatal(err)
	}
	if got := get(t, server, "/"); got.status != http.StatusOK || got.body != "<h1>Operium</h1>" {
		t.Fatalf("after the build: %d %q", got.status, got.body)
	}
	if got := get(t, server, "/admin/posts"); got.status != http.StatusOK || got.body != "<div>painel</div>" {
		t.Fatalf("admin after the build: %d %q", got.status, got.body)
	}
}
