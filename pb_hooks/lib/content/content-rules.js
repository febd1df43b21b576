// The site's content rules (content-rules.json, also read by the Astro schema) checked
// when staff save a post or page that the site will show: a record the API accepts is
// a record the build accepts, and the editor learns what to fix next to the field.

const RULES = require(`${__hooks}/../shared/content-rules.json`);
const SLUG = new RegExp(RULES.slugPattern);

/** Length in characters as the build's schema counts them (code units, like zod's min/max). */
const length = (text) => String(text).length;

/** pt-BR message for a text outside [min, max], or "" when it fits. */
function lengthProblem(rule, text) {
  const size = length(text);
  const min = rule.min || 0;
  if (size >= min && (rule.max === undefined || size <= rule.max)) return "";
  if (rule.max === undefined) return `${rule.label}: use ao menos ${min} caracteres.`;
  if (min <= 1) return `${rule.label}: use no máximo ${rule.max} caracteres.`;
  return `${rule.label}: use de ${min} a ${rule.max} caracteres (agora são ${size}).`;
}

/** pt-BR message for a slug of the wrong shape or length, or "" when it fits. */
function slugProblem(rule, value) {
  const slug = String(value || "");
  if (!SLUG.test(slug)) return `${rule.label}: use apenas letras minúsculas e números separados por hífens.`;
  return lengthProblem(rule, slug);
}

/** Tags from their JSON text (or an array, in unit tests); null when not a list. */
function tagsOf(value) {
  if (Array.isArray(value)) return value;
  const text = String(value || "").trim();
  if (text === "" || text === "null") return [];
  try {
    const tags = JSON.parse(text);
    return Array.isArray(tags) ? tags : null;
  } catch (_) {
    return null;
  }
}

/** Every problem of a post the site would show, as { field: message }. */
function postProblems(post) {
  const rules = RULES.posts;
  const problems = {};
  // Measured as stored: the build reads them as they are (a blank excerpt counts as none).
  const title = String(post.title || "");
  const excerpt = String(post.excerpt || "").trim() ? String(post.excerpt) : "";
  const titleProblem = lengthProblem(rules.title, title);
  if (titleProblem) problems.title = titleProblem;
  const slugIssue = slugProblem(rules.slug, post.slug);
  if (slugIssue) problems.slug = slugIssue;
  if (excerpt) {
    const excerptProblem = lengthProblem(rules.excerpt, excerpt);
    if (excerptProblem) problems.excerpt = excerptProblem;
  } else if (!titleProblem && length(title) < rules.excerpt.min) {
    problems.excerpt = `${rules.excerpt.label}: escreva de ${rules.excerpt.min} a ${rules.excerpt.max} caracteres (sem resumo, o site mostra o título, que é curto demais para isso).`;
  }
  if (rules.category.values.indexOf(post.category) < 0)
    problems.category = `${rules.category.label}: escolha uma de ${rules.category.values.join(", ")}.`;
  const tags = tagsOf(post.tags);
  if (tags === null) problems.tags = `${rules.tags.label}: informe uma lista de tags.`;
  else if (tags.length > rules.tags.maxItems)
    problems.tags = `${rules.tags.label}: use no máximo ${rules.tags.maxItems} tags (agora são ${tags.length}).`;
  else {
    for (const tag of tags) {
      const text = typeof tag === "string" ? tag.trim() : "";
      if (length(text) < rules.tags.min || length(text) > rules.tags.max) {
        problems.tags = `${rules.tags.label}: cada tag tem de ${rules.tags.min} a ${rules.tags.max} caracteres ("${String(tag).slice(0, 50)}" não serve).`;
        break;
      }
    }
  }
  return problems;
}

/** Every problem of a page the site would show, as { field: message }. */
function pageProblems(page) {
  const rules = RULES.pages;
  const problems = {};
  for (const field of ["name", "title", "meta_description"]) {
    const problem = lengthProblem(rules[field], String(page[field] || ""));
    if (problem) problems[field] = problem;
  }
  const slugIssue = slugProblem(rules.slug, page.slug);
  if (slugIssue) problems.slug = slugIssue;
  const ownAddress = !page.is_homepage && rules.content.builtInSlugs.indexOf(String(page.slug || "")) < 0;
  if (ownAddress && !hasSections(page.content)) problems.content = rules.content.empty;
  return problems;
}

/** Whether a page's content has a section (each one valid by then: lib/pages/sections.js). */
function hasSections(content) {
  return Boolean(content && Array.isArray(content.sections) && content.sections.length > 0);
}

/** A record's fields as plain values. */
function fieldsOf(record, names) {
  const values = {};
  for (const name of names) values[name] = record.getString(name);
  return values;
}

/**
 * Throws a 400 naming every field the site's build would refuse, when the record is to
 * be shown (now or at its scheduled time); a draft page's texts are held to their lengths too (the same as the
 * collection's, which PocketBase would refuse in English).
 */
function assertPublishable(collection, record) {
  let problems;
  if (collection === "posts") {
    const status = record.getString("status");
    if (status !== "published" && status !== "scheduled") return;
    problems = postProblems(fieldsOf(record, ["title", "slug", "excerpt", "category", "tags"]));
  } else {
    const page = fieldsOf(record, ["name", "slug", "title", "meta_description"]);
    page.is_homepage = record.getBool("is_homepage");
    page.content = require(`${__hooks}/lib/common/json-values.js`).jsonField(record, "content");
    problems = pageProblems(page);
    const status = record.getString("status");
    // A scheduled page is published by the minute's job as it is: held to the same rules.
    if (status !== "published" && status !== "scheduled") {
      // A draft (or a page in review) may be unfinished; its address is lib/pages/pages.js's to check.
      delete problems.slug;
      delete problems.content;
    }
  }
  const fields = Object.keys(problems);
  if (fields.length === 0) return;
  const data = {};
  for (const field of fields) data[field] = new ValidationError("validation_site_rule", problems[field]);
  throw new BadRequestError(problems[fields[0]], data);
}

/** The byline the site can show: the author's name, or the fallback when it does not fit the rule. */
function bylineOf(name) {
  const rule = RULES.posts.author_name;
  const text = String(name || "").trim();
  return length(text) >= rule.min && length(text) <= rule.max ? text : rule.fallback;
}

module.exports = { RULES, slugProblem, postProblems, pageProblems, assertPublishable, bylineOf };
