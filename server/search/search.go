// Package search answers the admin's free-text search from a full-text index
// instead of a scan. A records list request with `search=<text>` on an indexed
// collection (GET /api/collections/posts/records?search=…) lists the records whose
// indexed fields contain the text, with everything else PocketBase's own list
// does: its list rule, filter, sort, pages, expand, fields, rate limits and hooks.
//
// It does so without a list handler of its own: for that request, PocketBase's
// handler is given the app seen through the index, whose RecordQuery for the
// collection carries the search condition. Permissions stay PocketBase's alone.
//
// It finds what PocketBase's `~` filter over the same fields would (LIKE: a
// substring, ASCII letters in any case), the text taken literally. A text shorter
// than 3 characters (no trigram to look up), or matching more than rareMatches
// rows, is searched with LIKE itself: a common text fills a page after a few rows
// in the list's own order, which costs less than reading all its matches by id.
package search

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Param is the query parameter that carries the searched text.
const Param = "search"

// MaxLength bounds the searched text, in characters.
const MaxLength = 200

// TooLong is the answer to a longer text.
const TooLong = "A busca pode ter no máximo 200 caracteres."

// InvalidText is the answer to a text with control characters or invalid UTF-8
// (FTS5 would read a query only up to a NUL).
const InvalidText = "A busca contém caracteres inválidos."

// listPattern is the route of PocketBase's records list.
const listPattern = "GET /api/collections/{collection}/records"

// Register keeps the indexes built and routes searches through them.
func Register(app core.App, indexes ...Index) {
	byName := map[string]Index{}
	for _, ix := range indexes {
		byName[ix.Collection] = ix
		rebuild := func(e *core.CollectionEvent) {
			if err := ix.Ensure(e.App); err != nil {
				e.App.Logger().Error("Search index not rebuilt; searches use LIKE alone", "collection", ix.Collection, "error", err)
			}
		}
		app.OnCollectionCreateExecute(ix.Collection).BindFunc(func(e *core.CollectionEvent) error {
			err := e.Next()
			rebuild(e)
			return err
		})
		app.OnCollectionUpdateExecute(ix.Collection).BindFunc(func(e *core.CollectionEvent) error {
			if err := ix.dropTriggers(e.App); err != nil {
				return err
			}
			err := e.Next()
			rebuild(e) // for whatever the collection now is, changed or not
			return err
		})
		app.OnCollectionDeleteExecute(ix.Collection).BindFunc(func(e *core.CollectionEvent) error {
			err := e.Next()
			rebuild(e)
			return err
		})
	}
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		for _, ix := range indexes {
			if err := ix.Ensure(se.App); err != nil {
				se.App.Logger().Error("Search index not built; searches use LIKE alone", "collection", ix.Collection, "error", err)
			}
		}
		se.Router.BindFunc(func(e *core.RequestEvent) error {
			if e.Request.Pattern != listPattern {
				return e.Next()
			}
			term := e.Request.URL.Query().Get(Param)
			if term == "" {
				return e.Next()
			}
			collection, err := e.App.FindCachedCollectionByNameOrId(e.Request.PathValue("collection"))
			if err != nil {
				return e.Next() // PocketBase's handler answers the missing collection
			}
			ix, indexed := byName[collection.Name]
			if !indexed {
				return e.Next()
			}
			if utf8.RuneCountInString(term) > MaxLength {
				return e.BadRequestError(TooLong, nil)
			}
			if !utf8.ValidString(term) || strings.ContainsFunc(term, unicode.IsControl) {
				return e.BadRequestError(InvalidText, nil)
			}
			e.App = &searchingApp{App: e.App, collectionId: collection.Id, ix: ix.within(collection), term: term}
			return e.Next()
		})
		return se.Next()
	})
}

// rareMatches: a text with at most this many candidate rows in the index is
// looked up there, once per request, and the rows read by id; a more common one
// is searched with LIKE alone (see above).
const rareMatches = 1000

// condition selects the rows whose indexed fields contain term.
func (ix Index) condition(app core.App, term string) dbx.Expression {
	like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(term) + "%"
	parts := make([]dbx.Expression, len(ix.Fields))
	for i, field := range ix.Fields {
		parts[i] = dbx.NewExp("[["+ix.Collection+"."+field+"]] LIKE {:like} ESCAPE '\\'", dbx.Params{"like": like})
	}
	if len(parts) == 0 {
		return dbx.NewExp("1 = 0") // the collection has none of the fields left
	}
	contains := dbx.Or(parts...)
	if utf8.RuneCountInString(term) < 3 {
		return contains
	}
	// First the cheap query, whose candidates LIKE then sifts; when its trigrams
	// are too common, the exact phrase, which costs more but may still be rare.
	lowered := lowerASCII(term)
	for _, query := range []string{trigramCover(lowered), phrase(lowered)} {
		ids, err := ix.lookUp(app, query)
		if err != nil {
			app.Logger().Error("Search index lookup failed; searching with LIKE alone", "collection", ix.Collection, "error", err)
			return contains
		}
		if len(ids) <= rareMatches {
			return dbx.And(dbx.In(ix.Collection+".id", ids...), contains)
		}
	}
	return contains
}

// lookUp lists the ids of the rows matching an FTS5 query, at most rareMatches+1.
func (ix Index) lookUp(app core.App, query string) ([]any, error) {
	ids := []any{}
	err := app.DB().NewQuery(
		"SELECT id FROM " + ix.keys() + " WHERE rowid IN " +
			"(SELECT rowid FROM " + ix.table() + " WHERE " + ix.table() + " MATCH {:query} LIMIT {:limit})",
	).Bind(dbx.Params{"query": query, "limit": rareMatches + 1}).Column(&ids)
	return ids, err
}

// phrase is an FTS5 query for the rows containing text: one string, every
// character literal.
func phrase(text string) string {
	return `"` + strings.ReplaceAll(text, `"`, `""`) + `"`
}

// trigramCover is an FTS5 query for the rows holding every trigram of a cover of
// text (3 or more characters): its consecutive trigrams, the last one overlapping
// to reach the end. That is every row containing text, and a few others. Fewer
// terms than the phrase, and no positions to compare, make it several times
// cheaper when the trigrams are common.
func trigramCover(text string) string {
	runes := []rune(text)
	parts := []string{}
	for from := 0; from+3 <= len(runes); from += 3 {
		parts = append(parts, phrase(string(runes[from:from+3])))
	}
	if len(runes)%3 != 0 {
		parts = append(parts, phrase(string(runes[len(runes)-3:])))
	}
	return strings.Join(parts, " AND ")
}

// lowerASCII lowers A–Z only, as SQLite's lower() and LIKE do.
func lowerASCII(text string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + ('a' - 'A')
		}
		return r
	}, text)
}

// searchingApp is the app as one search request sees it: queries for the
// searched collection's records carry the search condition. The condition is
// worked out at the first such query, which PocketBase's handler makes after its
// rate limit and rule checks, so a refused request costs no index lookup.
type searchingApp struct {
	core.App
	collectionId string
	ix           Index
	term         string
	once         sync.Once
	where        dbx.Expression
}

func (a *searchingApp) RecordQuery(collectionModelOrIdentifier any) *dbx.SelectQuery {
	query := a.App.RecordQuery(collectionModelOrIdentifier)
	if a.isSearched(collectionModelOrIdentifier) {
		a.once.Do(func() { a.where = a.ix.condition(a.App, a.term) })
		query.AndWhere(a.where)
	}
	return query
}

func (a *searchingApp) isSearched(collectionModelOrIdentifier any) bool {
	switch c := collectionModelOrIdentifier.(type) {
	case *core.Collection:
		return c.Id == a.collectionId
	case string:
		found, err := a.App.FindCachedCollectionByNameOrId(c)
		return err == nil && found.Id == a.collectionId
	}
	return false
}
