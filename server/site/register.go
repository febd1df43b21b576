package site

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// Register adds the security headers to every API response and serves the site
// folder that dir returns on every path PocketBase's own routes leave free.
func Register(app core.App, dir func() string) {
	site := &Server{Dir: dir}
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(SecurityHeaders())
		// se.Next builds PocketBase's router; the site answers in front of it.
		if err := se.Next(); err != nil {
			return err
		}
		api := se.Server.Handler
		se.Server.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isSiteRequest(r) {
				site.ServeHTTP(w, r)
				return
			}
			if mayLeaveBodyUnread(r) {
				// PocketBase's router closes the request body through its own wrapper,
				// which hides an unread rest from net/http: without this, after an early
				// answer (401, 403, 413…) the rest of a large body would be read as the
				// next request on the same connection (request smuggling).
				w.Header().Set("Connection", "close")
			}
			api.ServeHTTP(w, r)
		})
		return nil
	})
}

// net/http drains at most this much of an unread body before reusing a connection.
const maxDrainedBody = 256 << 10

// mayLeaveBodyUnread: a body too large to be drained, or of unknown length.
func mayLeaveBodyUnread(r *http.Request) bool {
	return r.ContentLength > maxDrainedBody || (r.ContentLength < 0 && len(r.TransferEncoding) > 0)
}

// isSiteRequest: a page or file read outside PocketBase's paths (/api/ and the
// dashboard at /_/). Everything else, including other methods, is the API's.
func isSiteRequest(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	p := r.URL.Path
	return p != "/api" && !strings.HasPrefix(p, "/api/") && p != "/_" && !strings.HasPrefix(p, "/_/")
}
