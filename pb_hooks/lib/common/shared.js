// The modules of shared/ (rules the site and the hooks both apply, written once) as the
// hooks load them. shared/ is plain ES modules, so the site's build and the admin import
// it as it is; the JSVM loads only CommonJS (require), so this reads a module's text and
// evaluates it with its `export` keywords taken off. That is why a shared module holds
// only `export function` and `export const` declarations and imports nothing
// (tests/unit/shared.test.ts loads every one both ways and compares). Its JSON files
// need none of this: require reads JSON.

const EXPORT = /^export\s+(function|const)\s+([A-Za-z_$][\w$]*)/gm;
const loaded = {};

/** The text of a file of shared/ (Node runs these modules too, in the unit tests). */
function sourceOf(name) {
  const path = `${__hooks}/../shared/${name}`;
  if (typeof $os !== "undefined") return toString($os.readFile(path));
  return require("node:fs").readFileSync(path, "utf8");
}

/** A module of shared/ (e.g. "slug.js") as an object of its exports, loaded once per runtime. */
function sharedModule(name) {
  if (loaded[name]) return loaded[name];
  const names = [];
  const body = sourceOf(name).replace(EXPORT, (_, kind, id) => {
    names.push(id);
    return `${kind} ${id}`;
  });
  if (/^\s*(import|export)\b/m.test(body)) {
    throw new Error(`shared/${name}: only 'export function' and 'export const' declarations can be shared`);
  }
  loaded[name] = new Function(`"use strict";\n${body}\nreturn { ${names.join(", ")} };`)();
  return loaded[name];
}

module.exports = { sharedModule };
