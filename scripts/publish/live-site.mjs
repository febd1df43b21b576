// The served site as a symbolic link to one finished build. A new build is written
// to a fresh folder and swapped in by renaming a new link over the old one, which is
// atomic: a visitor gets either the old site or the new one, never half of each.
import { lstat, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where a live link's builds are kept: `<link>.builds/`.
 * @param {string} liveLink
 */
export function buildsDirOf(liveLink) {
  return `${liveLink}.builds`;
}

/**
 * A fresh, empty folder for the next build (named by time, so they sort).
 * @param {string} liveLink
 */
export async function newBuildDir(liveLink) {
  const dir = path.join(buildsDirOf(liveLink), new Date().toISOString().replace(/[:.]/g, '-'));
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Where builds are written before they are finished: always the same path, because
 * Astro's incremental build reuses pages only for an unchanged output folder (the
 * folder is part of its code hash). A finished build is renamed to newBuildDir()'s name.
 * @param {string} liveLink
 */
export function stagingDirOf(liveLink) {
  return path.join(buildsDirOf(liveLink), '.staging');
}

/**
 * The build folder the link points at, or null.
 * @param {string} liveLink
 */
export async function currentBuild(liveLink) {
  try {
    return path.resolve(path.dirname(liveLink), await readlink(liveLink));
  } catch {
    return null;
  }
}

/**
 * Points the live link at buildDir atomically. A plain folder left at the link's
 * path by an older version is moved into the builds folder first.
 * @param {string} liveLink
 * @param {string} buildDir
 */
export async function swapLive(liveLink, buildDir) {
  await mkdir(path.dirname(liveLink), { recursive: true });
  const existing = await lstat(liveLink).catch(() => null);
  if (existing && !existing.isSymbolicLink()) {
    await mkdir(buildsDirOf(liveLink), { recursive: true });
    await rename(liveLink, path.join(buildsDirOf(liveLink), `anterior-${Date.now()}`));
  }
  const temporary = `${liveLink}.next-${process.pid}-${Date.now()}`;
  await symlink(path.relative(path.dirname(liveLink), buildDir), temporary, 'dir');
  await rename(temporary, liveLink);
}

/**
 * Removes old builds, keeping the live one and the `keep` newest.
 * @param {string} liveLink
 */
export async function pruneBuilds(liveLink, keep = 2) {
  const live = await currentBuild(liveLink);
  const dir = buildsDirOf(liveLink);
  const names = (await readdir(dir).catch(() => []))
    .filter((entry) => !entry.startsWith('.'))
    .sort()
    .reverse();
  for (const name of names.slice(keep)) {
    const full = path.join(dir, name);
    if (full !== live) await rm(full, { recursive: true, force: true });
  }
}
