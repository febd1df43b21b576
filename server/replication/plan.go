package replication

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/dop251/goja"
)

// planned is the replica this serving process keeps, decided before the database opens
// (Plan): the database's connections are opened knowing it (DBConnect), and the
// replica starts as soon as the database exists, before the server writes anything.
var planned *Config

// plannedOff says why this process does not replicate: "no-s3" (no S3_* variables),
// "off" (REPLICA=off) or the pt-BR refusal of the configuration.
var plannedOff = "no-s3"

// Plan decides, for `serve`, whether this process replicates and where: by the one
// reading of the S3_* and REPLICA_* variables, fromEnv() of
// pb_hooks/lib/backups/storage.js, run here in a JS engine of its own (the hooks'
// runtime starts only with the app, after the database is open).
func Plan(hooksDir string) error {
	config, off, err := configFromHooks(hooksDir)
	if err != nil {
		plannedOff = err.Error()
		return err
	}
	planned, plannedOff = config, off
	return nil
}

func configFromHooks(hooksDir string) (*Config, string, error) {
	source, err := os.ReadFile(filepath.Join(hooksDir, "lib", "backups", "storage.js"))
	if err != nil {
		return nil, "", fmt.Errorf("ler a configuração de armazenamento: %w", err)
	}
	vm := goja.New()
	module := vm.NewObject()
	_ = module.Set("exports", vm.NewObject())
	_ = vm.Set("module", module)
	if _, err := vm.RunScript("storage.js", string(source)); err != nil {
		return nil, "", err
	}
	fromEnv, ok := goja.AssertFunction(module.Get("exports").ToObject(vm).Get("fromEnv"))
	if !ok {
		return nil, "", fmt.Errorf("storage.js não exporta fromEnv")
	}
	result, err := fromEnv(goja.Undefined(), vm.ToValue(os.Getenv))
	if err != nil {
		// The pt-BR refusal of a partial configuration; the hooks refuse it again at start.
		if exception, ok := err.(*goja.Exception); ok {
			return nil, "", fmt.Errorf("%s", exception.Value().String())
		}
		return nil, "", err
	}
	if goja.IsNull(result) || goja.IsUndefined(result) {
		return nil, "no-s3", nil
	}
	replica := result.ToObject(vm).Get("replica")
	if replica == nil || goja.IsNull(replica) || goja.IsUndefined(replica) {
		return nil, "off", nil
	}
	text, err := json.Marshal(replica.Export())
	if err != nil {
		return nil, "", err
	}
	config, err := ParseConfig(string(text))
	return config, "", err
}
