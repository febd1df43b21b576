// Package audit writes the audit log: one audit_logs row for every create, update
// and delete on the audited collections, whoever makes it (staff through the API, a
// superuser in the dashboard, a cron job or a hook as the system).
//
// The row is saved in the same transaction as the change it records, so a crash
// or a failed audit write never leaves a change without its row. It is written in
// Go rather than in pb_hooks: as a JS hook it held a JS runtime for the whole write
// and halved the throughput of staff writes (bench/api-scale.mjs).
package audit

import (
	"github.com/pocketbase/pocketbase/core"
)

// Collections is what the log covers.
var Collections = []string{"users", "posts", "pages", "media", "public_site_settings"}

// LogCollection holds the rows. Nobody changes them through the API.
const LogCollection = "audit_logs"

// ChangeRefused is the answer to any API attempt to alter the log.
const ChangeRefused = "O log de auditoria não pode ser alterado."

// actorKey is the record's custom (never stored) value carrying who asked for the
// change, set by the request hooks and read by the write hooks.
const actorKey = "@audit"

// Secret fields never reach a row, whatever the collection.
var secretFields = []string{"password", "tokenKey", "passwordConfirm", "oldPassword"}

// Actions as stored in audit_logs.action.
const (
	actionInsert = "INSERT"
	actionUpdate = "UPDATE"
	actionDelete = "DELETE"
)

type actor struct {
	user, name, ip string
}

// system is who acts when no request does: cron jobs, migrations, hooks.
var system = actor{name: "sistema"}

// Enabled tells whether this build writes the log (all but the benchmark's peer).
func Enabled() bool { return enabled }

// Register binds the log's hooks.
func Register(app core.App) {
	if !enabled {
		return
	}
	annotate := func(e *core.RecordRequestEvent) error {
		e.Record.Set(actorKey, actorOf(e.RequestEvent))
		return e.Next()
	}
	app.OnRecordCreateRequest(Collections...).BindFunc(annotate)
	app.OnRecordUpdateRequest(Collections...).BindFunc(annotate)
	app.OnRecordDeleteRequest(Collections...).BindFunc(annotate)

	app.OnRecordCreateExecute(Collections...).BindFunc(func(e *core.RecordEvent) error {
		return inTransaction(e, func(tx core.App) error {
			return write(tx, actionInsert, e.Record, nil, snapshot(e.Record))
		})
	})
	app.OnRecordUpdateExecute(Collections...).BindFunc(func(e *core.RecordEvent) error {
		before := snapshot(e.Record.Original())
		return inTransaction(e, func(tx core.App) error {
			return write(tx, actionUpdate, e.Record, before, snapshot(e.Record))
		})
	})
	app.OnRecordDeleteExecute(Collections...).BindFunc(func(e *core.RecordEvent) error {
		before := snapshot(e.Record)
		return inTransaction(e, func(tx core.App) error {
			return write(tx, actionDelete, e.Record, before, nil)
		})
	})

	// Audit rows are history: nobody changes them through the API, superusers included.
	refuse := func(e *core.RecordRequestEvent) error {
		return e.ForbiddenError(ChangeRefused, nil)
	}
	app.OnRecordCreateRequest(LogCollection).BindFunc(refuse)
	app.OnRecordUpdateRequest(LogCollection).BindFunc(refuse)
	app.OnRecordDeleteRequest(LogCollection).BindFunc(refuse)
}

func actorOf(e *core.RequestEvent) actor {
	ip := e.RealIP()
	switch {
	case e.Auth == nil:
		return actor{name: "visitante", ip: ip}
	case e.Auth.IsSuperuser():
		return actor{name: "superuser " + e.Auth.Email(), ip: ip}
	default:
		return actor{user: e.Auth.Id, name: e.Auth.Email(), ip: ip}
	}
}

// snapshot is what a row keeps of a record: its public fields (the e-mail
// included), without secrets or the collection's own references.
func snapshot(record *core.Record) map[string]any {
	if record == nil {
		return nil
	}
	source := record
	if record.Collection().IsAuth() {
		source = record.Clone()
		source.IgnoreEmailVisibility(true)
	}
	data := source.PublicExport()
	for _, field := range secretFields {
		delete(data, field)
	}
	delete(data, core.FieldNameCollectionId)
	delete(data, core.FieldNameCollectionName)
	delete(data, core.FieldNameExpand)
	if record.Collection().Name == "public_site_settings" && record.GetString("key") == "smtp_password" {
		data["value"] = "[oculto]"
	}
	return data
}

// write saves the row for a change.
func write(app core.App, action string, record *core.Record, oldValues, newValues map[string]any) error {
	collection, err := app.FindCachedCollectionByNameOrId(LogCollection)
	if err != nil {
		// Only while the first migration builds the schema: its seed rows predate the log.
		return nil
	}
	who, ok := record.Get(actorKey).(actor)
	if !ok {
		who = system
	}
	row := core.NewRecord(collection)
	row.Set("user", who.user)
	row.Set("actor", who.name)
	row.Set("ip", who.ip)
	row.Set("action", action)
	row.Set("table_name", record.Collection().Name)
	row.Set("record_id", record.Id)
	row.Set("old_values", jsonOrNull(oldValues))
	row.Set("new_values", jsonOrNull(newValues))
	return app.Save(row)
}

// jsonOrNull keeps a missing side of the change as JSON null, not an empty object.
func jsonOrNull(values map[string]any) any {
	if values == nil {
		return nil
	}
	return values
}

// inTransaction runs the record's own write and then writeRow in one transaction
// (joining the caller's, when there is one).
func inTransaction(e *core.RecordEvent, writeRow func(tx core.App) error) error {
	original := e.App
	defer func() { e.App = original }()
	return original.RunInTransaction(func(tx core.App) error {
		e.App = tx
		if err := e.Next(); err != nil {
			return err
		}
		return writeRow(tx)
	})
}
