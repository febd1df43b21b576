// Command server is the site's backend: PocketBase used as a Go framework with its
// JS hooks (pb_hooks/) and JS migrations (pb_migrations/) plugins and the migrate
// command registered. It accepts the same flags as the official release binary, so
// scripts/pocketbase.mjs builds it for every command. It serves the built site
// (package site: security headers, precompressed files, the headers manifest) and keeps
// the database's continuous replica (package replication); the product's
// server logic (audit log, publishing, accounts, input rules, the admin's posts
// search) lives in pb_hooks/ and pb_migrations/.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/plugins/jsvm"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"
	"github.com/pocketbase/pocketbase/tools/osutils"

	"operium/server/forms"
	"operium/server/jobs"
	"operium/server/mailtimeout"
	"operium/server/newsletter"
	"operium/server/replication"
	"operium/server/site"
)

func main() {
	// `replica restore|follow|info` work on the replica and a new data directory only:
	// run before PocketBase, which would bootstrap (create and migrate) a data directory
	// for any command of its own.
	if len(os.Args) > 1 && os.Args[1] == "replica" {
		command := replication.Command()
		command.SetArgs(os.Args[2:])
		if err := command.Execute(); err != nil {
			os.Exit(1)
		}
		return
	}

	// pocketbase.New() with one change: transactions begin IMMEDIATE, since the replica
	// writes beside PocketBase (replication/dbconnect.go). Dev mode's default stays
	// PocketBase's (our scripts always pass --dev; tests/api/server-log.test.ts relies on it).
	app := pocketbase.NewWithConfig(pocketbase.Config{
		DefaultDev: osutils.IsProbablyGoRun(),
		DBConnect:  replication.DBConnect,
	})

	// The server's own features, after the version in --version: scripts/pocketbase.mjs
	// refuses a POCKETBASE_BIN built from an older server/ that lacks one of them.
	features := []string{"site", "forms", "newsletter", "jobs", "mailtimeout", "replication"}
	app.RootCmd.Version = fmt.Sprintf("%s (operium: %s)", pocketbase.Version, strings.Join(features, " "))

	var (
		hooksDir      string
		hooksWatch    bool
		hooksPool     int
		migrationsDir string
		automigrate   bool
	)
	flags := app.RootCmd.PersistentFlags()
	flags.StringVar(&hooksDir, "hooksDir", "", "the directory with the JS app hooks")
	flags.BoolVar(&hooksWatch, "hooksWatch", true, "restart the app when a pb_hooks file changes")
	flags.IntVar(&hooksPool, "hooksPool", 15, "the number of prewarmed JS runtimes for the hooks")
	flags.StringVar(&migrationsDir, "migrationsDir", "", "the directory with the JS migrations")
	flags.BoolVar(&automigrate, "automigrate", true, "generate a migration file on every collection change made in the dashboard")
	_ = app.RootCmd.ParseFlags(os.Args[1:])
	// Whether `serve` keeps a replica of the database, decided before it opens the database.
	if len(os.Args) > 1 && os.Args[1] == "serve" {
		dir := hooksDir
		if dir == "" {
			dir = filepath.Join(app.DataDir(), "..", "pb_hooks") // the JS hooks' own default
		}
		if err := replication.Plan(dir); err != nil {
			log.Printf("Replicação do banco desligada: %v", err)
		}
	}
	// Without PUBLIC_SITE_URL, links in e-mails point at this server
	// (pb_hooks/lib/settings/settings.js, linkOrigin). A JS hook cannot read the serve command's
	// --http flag, nor see the server's address (JS hooks have no onServe), so the
	// address it listens on is passed on as HTTP_ADDR.
	if addr := serveAddress(os.Args[1:]); addr != "" {
		_ = os.Setenv("HTTP_ADDR", addr)
	}

	// PocketBase refuses a body past its limit (32 MB plus the collection's file fields)
	// before any hook runs, with this answer: in the product's language, as the hooks'
	// own limits are (pb_hooks/lib/common/body-limit.js, pb_hooks/lib/pages/sections.js).
	apis.ErrRequestEntityTooLarge.Message = "O conteúdo enviado é grande demais para o servidor."

	jsvm.MustRegister(app, jsvm.Config{
		HooksDir:      hooksDir,
		HooksWatch:    hooksWatch,
		HooksPoolSize: hooksPool,
		MigrationsDir: migrationsDir,
	})

	migratecmd.MustRegister(app, app.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangJS,
		Automigrate:  automigrate,
		Dir:          migrationsDir,
	})

	// The built site: SITE_DIR (under npm start, a link the publisher swaps to each
	// new build), else dist/ beside the hooks folder. Read per request.
	site.Register(app, func() string {
		if dir := os.Getenv("SITE_DIR"); dir != "" {
			return dir
		}
		return filepath.Join(hooksDir, "..", "dist")
	})

	// Public forms sent without JavaScript: answered with pages (pb_hooks/lib/forms/public-forms.js).
	forms.Register(app)

	// Newsletter sends: the delivery worker (pb_hooks/lib/newsletter/send.js decides the rest).
	newsletter.Register(app)
	// The hooks' jobs a request asks for once it has answered (pb_hooks/lib/mail/after-answer.js).
	jobs.Register(app)
	// A deadline on every e-mail PocketBase's mailer sends (its SMTP client has none).
	mailtimeout.Register(app)
	// The database's continuous replica in S3 (Litestream); `replica …` is handled above.
	replication.Register(app)

	// With no superuser yet, PocketBase would open a browser on its installer and print
	// a link carrying a 30-minute superuser token: on a server there is no browser, and
	// a token does not belong in a log. It says how to create one instead.
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.InstallerFunc = func(core.App, *core.Record, string) error {
			log.Printf("Nenhum superusuário ainda. Crie o do dashboard (/_/) com: %s superuser upsert EMAIL SENHA --dir %s --dev=false "+
				"(e o primeiro administrador do painel com: npm run create-admin -- EMAIL SENHA)", os.Args[0], app.DataDir())
			return nil
		}
		return se.Next()
	})

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}

// serveAddress is the --http value of a `serve` command line ("" for other commands
// or when it is not given).
func serveAddress(args []string) string {
	if len(args) == 0 || args[0] != "serve" {
		return ""
	}
	for i, arg := range args {
		if value, ok := strings.CutPrefix(arg, "--http="); ok {
			return value
		}
		if arg == "--http" && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}
