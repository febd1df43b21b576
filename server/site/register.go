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
			api.ServeHTTP(w, r)
		})
		return nil
	})
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
