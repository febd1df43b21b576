/**
 * Highlighted code blocks kept on disk, by content, between builds. Each publication
 * is a build of its own, and a new process cannot use the last one's memory: without
 * this, the first block of a build pays Shiki's start (its WebAssembly engine and
 * grammars, ~0.3 s for C++) and every block is highlighted again. With it, a build
 * whose blocks were all highlighted before never starts Shiki.
 *
 * One small JSON file per block, named by a digest of everything its HTML depends on
 * (the installed packages, the Shiki settings, the language, the meta and the code),
 * written whole and renamed into place, so concurrent builds never read half a file.
 * Files no build has read for CACHE_MAX_AGE_DAYS are deleted, at most once a process.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HastNode } from 'satteri';

const CACHE_MAX_AGE_DAYS = 60;
/** A hit refreshes a file's time at most this often (a publication reads many blocks). */
const TOUCH_AFTER_MS = 24 * 60 * 60 * 1000;

export interface HighlightStore {
  get(key: string): Promise<HastNode | undefined>;
  put(key: string, node: HastNode): Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The store in `dir`. `salt` names what the HTML depends on besides the block: the
 * highlighter's version and settings. A different salt never reads another's files.
 */
export function createHighlightStore(dir: string, salt: string): HighlightStore {
  let pruned = false;
  let made: Promise<unknown> | undefined;
  const nameOf = (key: string) => `${sha256(`${salt}\u0000${key}`)}.json`;
  // Listed once: a block not stored (a whole first build) costs no file system call.
  const listed = readdir(dir).then(
    (names) => new Set(names),
    () => new Set<string>(),
  );

  async function prune() {
    const cutoff = Date.now() - CACHE_MAX_AGE_DAYS * TOUCH_AFTER_MS;
    for (const entry of await readdir(dir).catch(() => [])) {
      const file = path.join(dir, entry);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
    }
  }

  return {
    async get(key) {
      const name = nameOf(key);
      if (!(await listed).has(name)) return undefined;
      const file = path.join(dir, name);
      try {
        const node = JSON.parse(await readFile(file, 'utf8')) as HastNode;
        const info = await stat(file);
        if (Date.now() - info.mtimeMs > TOUCH_AFTER_MS) await utimes(file, new Date(), new Date()).catch(() => {});
        return node;
      } catch {
        // Missing, or unreadable after a crash or a manual edit: highlighted again.
        return undefined;
      }
    },
    async put(key, node) {
      const name = nameOf(key);
      (await listed).add(name);
      const file = path.join(dir, name);
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        await (made ??= mkdir(dir, { recursive: true }));
        await writeFile(temporary, JSON.stringify(node));
        await rename(temporary, file);
      } catch {
        // A cache that cannot be written (a read-only checkout) only costs time.
        await rm(temporary, { force: true }).catch(() => {});
      }
      if (!pruned) {
        pruned = true;
        // Off the build's path: nothing waits for it.
        void prune().catch(() => {});
      }
    },
  };
}

/**
 * What a stored block depends on besides its own text: the installed packages (a new
 * Shiki, a new Astro), the Shiki settings and the format of this step's output.
 */
export async function highlightSalt(root: string, settings: unknown, format: string): Promise<string> {
  const installed = await readFile(path.join(root, 'node_modules', '.package-lock.json'), 'utf8').catch(() => '');
  return sha256(JSON.stringify([format, sha256(installed), settings]));
}
