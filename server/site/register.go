package site

import (
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

// Register adds the security headers to every response and serves the site
// folder that dir returns on every path PocketBase's own routes leave free.
func Register(app core.App, dir func() string) {
	server := &Server{Dir: dir}
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(SecurityHeaders())
		// Only failed page requests go to the request log: a visit is not an event.
		se.Router.GET("/{path...}", server.Serve).Bind(apis.SkipSuccessActivityLog())
		return se.Next()
	})
}
