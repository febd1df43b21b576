package site

import (
	"net/http"
	"testing"
)

func TestManifestAppliesMatchingRulesInOrder(t *testing.T) {
	m := ParseManifest("# comment\n  Ignored: before any path\n/*\n  X-A: all\n  x-b: lower-case name\n/_astro/*\n  X-A: assets\n/exact\n  X-C: c\n\n")
	cases := map[string]map[string]string{
		"/":              {"X-A": "all", "X-B": "lower-case name", "X-C": "", "Ignored": ""},
		"/_astro/app.js": {"X-A": "assets", "X-B": "lower-case name"},
		"/exact":         {"X-C": "c"},
		"/exact/more":    {"X-C": ""},
	}
	for path, want := range cases {
		h := http.Header{}
		m.Apply(h, path)
		for key, value := range want {
			if got := h.Get(key); got != value {
				t.Errorf("%s: %s = %q, want %q", path, key, got, value)
			}
		}
	}
	var none *Manifest
	none.Apply(http.Header{}, "/") // a build without a manifest
}
