package site

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Security headers on every response. The site's pages get the rest (their
// Content-Security-Policy) from the build's _headers manifest, which repeats
// these values for static hosts; tests/api/security-headers.test.ts keeps the
// two in step.
const (
	ReferrerPolicy    = "strict-origin-when-cross-origin"
	PermissionsPolicy = "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()"
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

// setBaseHeaders sets the headers every response carries, pages and API alike.
// (Canonical keys and shared value slices: this runs on every response.)
func setBaseHeaders(header http.Header, r *http.Request) {
	header["X-Content-Type-Options"] = nosniff
	header["X-Frame-Options"] = frameDeny
	// The old XSS auditor is gone from browsers, and where it remains it can be abused.
	header["X-Xss-Protection"] = xssAuditorOff
	header["Referrer-Policy"] = referrerPolicy
	header["Permissions-Policy"] = permissionsPolicy
	if IsHTTPS(r) {
		header["Strict-Transport-Security"] = hsts
	}
}

var (
	nosniff           = []string{"nosniff"}
	frameDeny         = []string{"DENY"}
	xssAuditorOff     = []string{"0"}
	referrerPolicy    = []string{ReferrerPolicy}
	permissionsPolicy = []string{PermissionsPolicy}
	hsts              = []string{HSTS}
)

// SecurityHeaders runs after PocketBase's own security middleware and tightens it.
func SecurityHeaders() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "siteSecurityHeaders",
		Priority: apis.DefaultSecurityHeadersMiddlewarePriority + 1,
		Func: func(e *core.RequestEvent) error {
			header := e.Response.Header()
			setBaseHeaders(header, e.Request)
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
