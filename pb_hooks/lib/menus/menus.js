// The site's menus (pb_hooks/menus.pb.js): every save of a menu is checked against the
// rules of shared/menus.js, then against what exists — a page item's page must exist,
// and a path must be one the site serves (a route of the code or a page's address) —
// so a menu never links to nothing. A page a menu links to cannot be deleted until it
// leaves the menu, and the answer says which menu holds it.

const { sharedModule } = require(`${__hooks}/lib/common/shared.js`);
const { jsonField } = require(`${__hooks}/lib/common/json-values.js`);
const { fieldError } = require(`${__hooks}/lib/common/errors.js`);

/** The first path segments routes of the code serve: their own addresses and their folders' (shared/content-rules.json). */
function codeRoutes() {
  const content = require(`${__hooks}/../shared/content-rules.json`).pages.content;
  return content.builtInSlugs.concat(content.routeFolders);
}

/** The menu's definition in shared/menus.js, by key. */
function menuOf(key) {
  return sharedModule("menus.js").MENUS.filter((menu) => menu.key === key)[0] || null;
}

function pageById(app, id) {
  try {
    return app.findRecordById("pages", id);
  } catch (_) {
    return null;
  }
}

function pageBySlug(app, slug) {
  try {
    return app.findFirstRecordByData("pages", "slug", slug);
  } catch (_) {
    return null;
  }
}

/** The problems of a menu's items that only the data can tell (pt-BR). */
function targetProblems(app, items) {
  const { menuItemPath } = sharedModule("menus.js");
  const problems = [];
  items.forEach((item, index) => {
    const where = `Item ${index + 1} (“${String(item.label).trim()}”): `;
    if (item.page) {
      if (!pageById(app, item.page)) problems.push(`${where}a página escolhida não existe mais.`);
      return;
    }
    const segment = menuItemPath(item);
    if (segment === null || segment === "") return;
    if (codeRoutes().indexOf(segment) >= 0 || pageBySlug(app, segment)) return;
    problems.push(`${where}o endereço /${segment} não é uma página do site; escolha a página na lista.`);
  });
  return problems;
}

/**
 * Refuses (400, pt-BR, on the field at fault) a menu whose key is not one of the
 * site's menus, whose column title is missing or too long, or whose items break
 * shared/menus.js or point at nothing.
 */
function assertMenu(app, record) {
  const menu = menuOf(record.getString("key"));
  if (!menu) throw fieldError("key", "validation_menu_key", "Este menu não existe no site.");
  const { MENU_LIMITS, menuItemProblems } = sharedModule("menus.js");
  const title = record.getString("title").trim();
  if (menu.hasTitle && !title) throw fieldError("title", "validation_menu_title", "Preencha o título da coluna.");
  if (!menu.hasTitle && title)
    throw fieldError("title", "validation_menu_title", "Este menu não mostra título; deixe o campo vazio.");
  if (title.length > MENU_LIMITS.titleMax)
    throw fieldError("title", "validation_menu_title", `O título tem no máximo ${MENU_LIMITS.titleMax} caracteres.`);
  const items = jsonField(record, "items", []);
  let problems = menuItemProblems(items === null ? [] : items);
  if (!problems.length) problems = targetProblems(app, items || []);
  if (problems.length) {
    const shown = problems.slice(0, 5).join(" ");
    throw fieldError("items", "validation_menu_items", problems.length > 5 ? `${shown} (e mais ${problems.length - 5})` : shown);
  }
}

/** Refuses (400, pt-BR) deleting a page while a menu links to it, naming the menu and the item. */
function assertPageNotInMenu(app, page) {
  const menus = app.findAllRecords("menus");
  for (const menu of menus) {
    const items = jsonField(menu, "items", []) || [];
    for (const item of items) {
      if (!item || item.page !== page.id) continue;
      const definition = menuOf(menu.getString("key"));
      const name = definition ? definition.label : menu.getString("key");
      throw new BadRequestError(
        `Esta página está no ${name} (link “${String(item.label)}”); tire-a do menu em Menu antes de excluí-la.`,
      );
    }
  }
}

module.exports = { assertMenu, assertPageNotInMenu };
