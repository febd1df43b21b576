package site

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Security headers on every response. The site's files also get the build's
// _headers manifest (which repeats these values for static hosts, and adds
// frame-ancestors; each page carries the rest of its Content-Security-Policy in a
// meta tag); tests/api/site-serving.test.ts keeps the two in step.
const (
	ReferrerPolicy    = "strict-origin-when-cross-origin"
	PermissionsPolicy = `accelerometer=(), autoplay=(self "https://www.youtube-nocookie.com"), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()`
	HSTS              = "max-age=31536000"
	// JSON never needs to load anything, nor to be framed.
	apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'"
)

// IsHTTPS tells whether the visitor reached us over HTTPS: directly, or through
// a TLS proxy that says so (X-Forwarded-Proto).
func IsHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(proto), "https")
}

// SecurityHeaders runs after PocketBase's own security middleware and tightens it.
func SecurityHeaders() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "siteSecurityHeaders",
		Priority: apis.DefaultSecurityHeadersMiddlewarePriority + 1,
		Func: func(e *core.RequestEvent) error {
			header := e.Response.Header()
			header.Set("X-Content-Type-Options", "nosniff")
			header.Set("X-Frame-Options", "DENY")
			// The old XSS auditor is gone from browsers, and where it remains it can be abused.
			header.Set("X-XSS-Protection", "0")
			header.Set("Referrer-Policy", ReferrerPolicy)
			header.Set("Permissions-Policy", PermissionsPolicy)
			if IsHTTPS(e.Request) {
				header.Set("Strict-Transport-Security", HSTS)
			}
			// Uploaded files get PocketBase's sandboxing policy (set only when missing),
			// and its dashboard (/_/) sets its own; the rest of the API is JSON.
			p := e.Request.URL.Path
			if strings.HasPrefix(p, "/api/") && !strings.HasPrefix(p, "/api/files/") {
				header.Set("Content-Security-Policy", apiContentSecurityPolicy)
			}
			return e.Next()
		},
	}
}
