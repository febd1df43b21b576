// Records a build left out (src/lib/cms/left-out.ts logs each on one line): read back from
// the build's output, and the pages whose rendering failed mapped to the CMS entry to
// leave out on the next try, so one bad record never stops the rest.

/** The start of the log line that carries a left-out record as JSON. */
export const LEFT_OUT_MARK = 'Registro deixado de fora da publicação: ';

/**
 * @typedef {{ collection: 'posts' | 'pages' | 'public_site_settings' | 'comments', id: string, label: string,
 *             entry: string, reason: string }} LeftOut
 */

/**
 * The left-out record a log line carries, if any.
 * @param {string} line
 * @returns {LeftOut | null}
 */
export function parseLeftOut(line) {
  const at = line.indexOf(LEFT_OUT_MARK);
  if (at < 0) return null;
  try {
    const record = JSON.parse(line.slice(at + LEFT_OUT_MARK.length));
    return record && typeof record.id === 'string' && typeof record.collection === 'string' ? record : null;
  } catch {
    return null;
  }
}

// Astro's line for a page that threw: "Caught error rendering /blog/x: Error: …".
const RENDER_FAILURE = /Caught error rendering (\/\S*): (.*)$/;

/**
 * The CMS entry behind a page whose rendering failed, as PUBLISH_EXCLUDE names it
 * ("blog:slug" for /blog/slug, "cmsPages:slug" for a page of its own), with the error.
 * Other pages (the code's, not a record's) give null: leaving nothing out cannot help.
 * @param {string} line
 * @returns {{ key: string, reason: string } | null}
 */
export function renderFailure(line) {
  const [, pathname = '', message = ''] = RENDER_FAILURE.exec(line) ?? [];
  if (!pathname) return null;
  const path = pathname.replace(/\/(index\.html)?$/, '');
  const reason = message.trim().slice(0, 500);
  const post = /^\/blog\/([a-z0-9-]+)$/.exec(path);
  if (post && post[1] !== 'pagina' && post[1] !== 'dados') return { key: `blog:${post[1]}`, reason };
  const page = /^\/([a-z0-9-]+)$/.exec(path);
  if (page) return { key: `cmsPages:${page[1]}`, reason };
  return null;
}
