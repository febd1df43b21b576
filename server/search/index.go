package search

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Index is a collection's full-text index: an FTS5 trigram table over some of its
// text fields, so that a search for any substring of 3 or more characters reads
// the index instead of every row. It holds the fields with ASCII letters lowered
// (SQLite's lower()) and matches case-sensitively: exactly the rows that LIKE, and
// so PocketBase's `~` filter, would find.
//
// The FTS table is contentless (the text stays in the collection's own table) and
// keyed by the rowid of a small keys table, whose INTEGER PRIMARY KEY survives a
// VACUUM (the collection's implicit rowid may not). SQL triggers on the collection
// keep both in step within each write's own transaction, whatever makes the write:
// the API, a hook, a migration or a bulk load straight into SQLite. A change to the
// collection's fields drops the triggers first and rebuilds the index after.
type Index struct {
	Collection string
	Fields     []string
}

// Posts is the admin's posts search (src/admin/dataProvider.ts: INDEXED_SEARCH).
var Posts = Index{Collection: "posts", Fields: []string{"title", "excerpt", "slug"}}

func (ix Index) table() string           { return ix.Collection + "_search" }
func (ix Index) keys() string            { return ix.Collection + "_search_keys" }
func (ix Index) trigger(s string) string { return ix.Collection + "_search_" + s }

// keyOf is the keys-table rowid of the collection row with the given id.
func (ix Index) keyOf(id string) string {
	return fmt.Sprintf("(SELECT rowid FROM %s WHERE id = %s)", ix.keys(), id)
}

func (ix Index) columns(prefix string) string {
	parts := make([]string, len(ix.Fields))
	for i, field := range ix.Fields {
		parts[i] = prefix + field
	}
	return strings.Join(parts, ", ")
}

// lowered is the fields' values as the index holds them.
func (ix Index) lowered(prefix string) string {
	parts := make([]string, len(ix.Fields))
	for i, field := range ix.Fields {
		parts[i] = "lower(" + prefix + field + ")"
	}
	return strings.Join(parts, ", ")
}

// schema is every statement that creates the index, in order. It is also the
// index's version: sqlite_master keeps each statement's text, so an index built
// from another definition is told apart and rebuilt.
func (ix Index) schema() []schemaObject {
	cols := ix.columns("")
	insert := fmt.Sprintf("INSERT INTO %s(rowid, %s) VALUES (%s, %s);", ix.table(), cols, ix.keyOf("new.id"), ix.lowered("new."))
	remove := fmt.Sprintf("DELETE FROM %s WHERE rowid = %s;", ix.table(), ix.keyOf("old.id"))
	return []schemaObject{
		{"table", ix.keys(), fmt.Sprintf("CREATE TABLE %s (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE)", ix.keys())},
		{"table", ix.table(), fmt.Sprintf(
			"CREATE VIRTUAL TABLE %s USING fts5(%s, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')",
			ix.table(), cols)},
		{"trigger", ix.trigger("insert"), fmt.Sprintf(
			"CREATE TRIGGER %s AFTER INSERT ON %s BEGIN INSERT INTO %s(id) VALUES (new.id); %s END",
			ix.trigger("insert"), ix.Collection, ix.keys(), insert)},
		{"trigger", ix.trigger("update"), fmt.Sprintf(
			"CREATE TRIGGER %s AFTER UPDATE OF id, %s ON %s BEGIN %s UPDATE %s SET id = new.id WHERE id = old.id; %s END",
			ix.trigger("update"), cols, ix.Collection, remove, ix.keys(), insert)},
		{"trigger", ix.trigger("delete"), fmt.Sprintf(
			"CREATE TRIGGER %s AFTER DELETE ON %s BEGIN %s DELETE FROM %s WHERE id = old.id; END",
			ix.trigger("delete"), ix.Collection, remove, ix.keys())},
	}
}

type schemaObject struct{ kind, name, sql string }

// Ensure builds the index when it is missing, incomplete or from another
// definition, and fills it from the collection's rows. It indexes the fields of
// ix.Fields the collection still has (none: no index). It runs on every start and
// after every change to the collection (see Register).
func (ix Index) Ensure(app core.App) error {
	collection, err := app.FindCollectionByNameOrId(ix.Collection)
	if err != nil || !app.HasTable(ix.Collection) {
		return ix.drop(app) // before the migration that creates it, or after its deletion
	}
	ix = ix.within(collection)
	if len(ix.Fields) == 0 {
		return ix.drop(app)
	}
	current, err := ix.installed(app)
	if err != nil {
		return err
	}
	wanted := ix.schema()
	upToDate := len(current) == len(wanted)
	for _, object := range wanted {
		if current[object.name] != object.sql {
			upToDate = false
		}
	}
	if upToDate {
		return nil
	}
	return app.RunInTransaction(func(tx core.App) error {
		if err := ix.drop(tx); err != nil {
			return err
		}
		db := tx.DB()
		for _, object := range wanted {
			if _, err := db.NewQuery(object.sql).Execute(); err != nil {
				return fmt.Errorf("search index %s: %w", object.name, err)
			}
		}
		fill := []string{
			// In the table's own order, as the triggers would have added them: rows
			// stored together (the same period, similar texts) stay near in the index,
			// which keeps phrase lookups short.
			fmt.Sprintf("INSERT INTO %s(id) SELECT id FROM %s ORDER BY rowid", ix.keys(), ix.Collection),
			fmt.Sprintf("INSERT INTO %s(rowid, %s) SELECT k.rowid, %s FROM %s k JOIN %s c ON c.id = k.id",
				ix.table(), ix.columns(""), ix.lowered("c."), ix.keys(), ix.Collection),
		}
		for _, statement := range fill {
			if _, err := db.NewQuery(statement).Execute(); err != nil {
				return fmt.Errorf("search index %s: %w", ix.table(), err)
			}
		}
		return nil
	})
}

// within is the index limited to the fields the collection has.
func (ix Index) within(collection *core.Collection) Index {
	fields := []string{}
	for _, field := range ix.Fields {
		if collection.Fields.GetByName(field) != nil {
			fields = append(fields, field)
		}
	}
	return Index{Collection: ix.Collection, Fields: fields}
}

// dropTriggers removes the triggers, which would stop PocketBase from dropping or
// renaming the columns they read when the collection's fields change.
func (ix Index) dropTriggers(app core.App) error {
	return ix.dropObjects(app, "trigger")
}

// drop removes the whole index.
func (ix Index) drop(app core.App) error {
	return ix.dropObjects(app, "trigger", "table")
}

func (ix Index) dropObjects(app core.App, kinds ...string) error {
	for _, object := range slices.Backward(ix.schema()) { // triggers first
		if !slices.Contains(kinds, object.kind) {
			continue
		}
		statement := fmt.Sprintf("DROP %s IF EXISTS %s", strings.ToUpper(object.kind), object.name)
		if _, err := app.DB().NewQuery(statement).Execute(); err != nil {
			return err
		}
	}
	return nil
}

// installed maps each of the index's schema objects that exists to its SQL.
func (ix Index) installed(app core.App) (map[string]string, error) {
	names := []any{}
	for _, object := range ix.schema() {
		names = append(names, object.name)
	}
	rows := []struct {
		Name string `db:"name"`
		SQL  string `db:"sql"`
	}{}
	err := app.DB().Select("name", "sql").From("sqlite_master").
		Where(dbx.In("name", names...)).All(&rows)
	if err != nil {
		return nil, err
	}
	found := map[string]string{}
	for _, row := range rows {
		found[row.Name] = row.SQL
	}
	return found, nil
}
