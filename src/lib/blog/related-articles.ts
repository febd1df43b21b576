/** Related articles: what an article's page suggests next (src/lib/blog/blog.ts). */

/** What choosing related articles reads of an article. */
type Related = { id: string; data: { category: string } };
type CategoryIndex<T> = { articles: Map<string, T[]>; position: Map<string, number> };

/**
 * Up to `count` other articles: the same category's nearest in time (the next older,
 * the next newer, the second older, …), then the newest of other categories. Nearest
 * rather than newest, so a new article changes the related list of its neighbours
 * only, and publishing it rebuilds a handful of pages rather than a whole category.
 * @param all every article, newest first (getArticles)
 */
export function relatedArticles<T extends Related>(article: T, all: T[], count = 3): T[] {
  let index = categoryIndexes.get(all) as CategoryIndex<T> | undefined;
  if (!index) {
    index = indexByCategory(all);
    categoryIndexes.set(all, index);
  }
  const sameCategory = index.articles.get(article.data.category) ?? [];
  const at = index.position.get(article.id) ?? -1;
  const picked: T[] = [];
  for (let step = 1; picked.length < count && step < sameCategory.length; step++) {
    for (const other of [sameCategory[at + step], sameCategory[at - step]]) {
      if (other && picked.length < count) picked.push(other);
    }
  }
  for (const other of all) {
    if (picked.length >= count) break;
    if (other.data.category !== article.data.category) picked.push(other);
  }
  return picked;
}

// Each list of articles is grouped by category once, not once per article: every
// article's page asks for its related ones, and filtering the whole list each time
// took ~3 s of a publication at 10,000 posts.
const categoryIndexes = new WeakMap<Related[], CategoryIndex<Related>>();

/** Each category's articles in the list's order, and each article's place among them. */
function indexByCategory<T extends Related>(all: T[]): CategoryIndex<T> {
  const articles = new Map<string, T[]>();
  const position = new Map<string, number>();
  for (const article of all) {
    const list = articles.get(article.data.category) ?? [];
    position.set(article.id, list.length);
    list.push(article);
    articles.set(article.data.category, list);
  }
  return { articles, position };
}
