package site

import (
	"net/http"
	"os"

	"github.com/pocketbase/pocketbase/core"
)

// On a first start the site does not exist yet: `npm start` serves at once and the
// first build takes about 40 s (minutes with a cold Go cache). Until the site link
// exists, every page and /admin answer this small page, 503 with Retry-After, which
// reloads itself until the site is there. Later publications never show it: the
// link always points at the last good build while the next one is made.
const (
	buildingRetryAfter = "5"
	buildingPolicy     = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
	buildingPage       = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<meta name="robots" content="noindex">
<title>Estamos gerando o site…</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .75rem}
p{margin:0;color:#334155}
</style>
</head>
<body>
<main>
<h1>Estamos gerando o site…</h1>
<p role="status">É a primeira publicação deste servidor e leva menos de um minuto. Esta página se atualiza sozinha quando o site estiver pronto.</p>
</main>
</body>
</html>
`
)

// notBuiltYet tells whether no build has been published at root yet.
func notBuiltYet(root string) bool {
	_, err := os.Stat(root)
	return os.IsNotExist(err)
}

// building answers while the first build runs.
func building(e *core.RequestEvent) error {
	header := e.Response.Header()
	header.Set("Retry-After", buildingRetryAfter)
	header.Set("Cache-Control", "no-store")
	header.Set("Content-Security-Policy", buildingPolicy)
	return e.HTML(http.StatusServiceUnavailable, buildingPage)
}
