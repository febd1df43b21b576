/// <reference path="../pb_data/types.d.ts" />

// Operator command: create (or promote) an active admin of the panel from the
// command line, e.g. on a new install where nobody has signed up yet:
//   pocketbase create-admin EMAIL PASSWORD [NAME]   (or: npm run create-admin -- …)
$app.rootCmd.addCommand(
  new Command({
    use: "create-admin EMAIL PASSWORD [NAME]",
    short: "Cria ou promove uma conta de administrador ativa do painel",
    run: (cmd, args) => {
      if (args.length < 2) {
        console.log("Uso: create-admin EMAIL SENHA [NOME]");
        return;
      }
      // A new install may not have run the schema migrations yet.
      $app.runAllMigrations();
      const accounts = require(`${__hooks}/lib/auth/accounts.js`);
      const email = String(args[0]).trim().toLowerCase();
      try {
        accounts.checkPassword(args[1]);
      } catch (err) {
        console.log("Senha recusada: A senha deve ter pelo menos 8 caracteres, com letra maiúscula, minúscula e número.");
        return;
      }
      let user;
      try {
        user = $app.findAuthRecordByEmail("users", email);
      } catch (_) {
        user = new Record($app.findCollectionByNameOrId("users"));
        user.set("email", email);
      }
      user.set("password", args[1]);
      user.set("role", "admin");
      user.set("is_active", true);
      user.set("verified", true);
      if (args.length > 2) user.set("full_name", accounts.cleanName(args.slice(2).join(" ")));
      $app.save(user);
      console.log("Administrador ativo: " + email);
    },
  }),
);

// Operator command, run by `npm run restore` (scripts/restore.mjs) on a database restored
// from the continuous replica: writes the manifest a backup of it would carry
// (lib/backups/manifest.js) into its data directory, for the restore drill to check
// the restored data against: the records of every collection and each file the records
// name, with its size and MD5 as the storage (this environment's S3) holds it.
//   pocketbase backup-manifest --dir RESTORED_DIR
$app.rootCmd.addCommand(
  new Command({
    use: "backup-manifest",
    short: "Escreve o manifesto de backup dos dados de --dir (para conferir uma restauração)",
    run: () => {
      const manifest = require(`${__hooks}/lib/backups/manifest.js`);
      const built = manifest.build($app, manifest.storedObjects($app, { withTrash: true }), manifest.storageOf($app));
      manifest.write($app, built);
      console.log(
        JSON.stringify({
          collections: Object.keys(built.collections).length,
          files: built.files.length,
          missing: built.missing.length,
        }),
      );
    },
  }),
);
