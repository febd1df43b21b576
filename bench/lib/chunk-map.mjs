// The client bundle's module graph, recorded during a Vite build: which source modules
// landed in which emitted chunk (with their size after tree-shaking, before
// minification) and who imports whom. Lets a benchmark say which chunks hold a part of
// the code (e.g. the admin) and what makes a chunk heavy.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fromRoot } from '../../scripts/lib/paths.mjs';

/**
 * @typedef {{ fileName: string, isEntry: boolean, isDynamicEntry: boolean, facadeModuleId: string | null,
 *   imports: string[], dynamicImports: string[], modules: Record<string, number> }} ChunkRecord
 * @typedef {{ id: string, isEntry: boolean, importedIds: string[], dynamicallyImportedIds: string[] }} ModuleRecord
 * @typedef {{ chunks: ChunkRecord[], modules: ModuleRecord[] }} ChunkMap
 */

/**
 * A Vite plugin that writes the client environment's chunk map to `file`.
 * @param {string} file
 * @returns {import('vite').Plugin}
 */
export function chunkMapRecorder(file) {
  return {
    name: 'bench-chunk-map',
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle(_options, bundle) {
      /** @type {ChunkRecord[]} */
      const chunks = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          facadeModuleId: output.facadeModuleId,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.fromEntries(Object.entries(output.modules).map(([id, info]) => [id, info.renderedLength])),
        });
      }
      /** @type {ModuleRecord[]} */
      const modules = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info) continue;
        modules.push({
          id,
          isEntry: info.isEntry,
          importedIds: [...info.importedIds],
          dynamicallyImportedIds: [...info.dynamicallyImportedIds],
        });
      }
      await writeFile(file, JSON.stringify({ chunks, modules }));
    },
  };
}

/**
 * @param {string} file
 * @returns {Promise<ChunkMap>}
 */
export async function readChunkMap(file) {
  return JSON.parse(await readFile(file, 'utf8'));
}

/**
 * Every module reachable from `entries` through static and dynamic imports.
 * @param {ChunkMap} map
 * @param {Iterable<string>} entries
 */
export function reachableModules(map, entries) {
  const byId = new Map(map.modules.map((module) => [module.id, module]));
  const seen = new Set();
  const pending = [...entries];
  while (pending.length) {
    const id = /** @type {string} */ (pending.pop());
    if (seen.has(id)) continue;
    seen.add(id);
    const module = byId.get(id);
    if (module) pending.push(...module.importedIds, ...module.dynamicallyImportedIds);
  }
  return seen;
}

/**
 * The modules of one part of the app: its own sources, plus whatever only its
 * entries reach (the libraries no other entry uses).
 * @param {ChunkMap} map
 * @param {(id: string) => boolean} isPartSource e.g. "under src/admin/"
 */
export function partModules(map, isPartSource) {
  const entries = map.modules.filter((module) => module.isEntry);
  const fromPart = reachableModules(
    map,
    entries.filter((module) => isPartSource(module.id)).map((module) => module.id),
  );
  const fromOthers = reachableModules(
    map,
    entries.filter((module) => !isPartSource(module.id)).map((module) => module.id),
  );
  const part = new Set([...fromPart].filter((id) => !fromOthers.has(id)));
  for (const module of map.modules) if (isPartSource(module.id)) part.add(module.id);
  return part;
}

/**
 * The emitted chunks (file names) that carry code of any of `modules`.
 * @param {ChunkMap} map
 * @param {Set<string>} modules
 */
export function chunksHolding(map, modules) {
  return new Set(
    map.chunks
      .filter((chunk) => Object.entries(chunk.modules).some(([id, size]) => size > 0 && modules.has(id)))
      .map((chunk) => chunk.fileName),
  );
}

/**
 * A readable group for a module: its npm package, or its source folder.
 * @param {string} id
 */
export function moduleGroup(id) {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const inPackages = clean.lastIndexOf('/node_modules/');
  if (inPackages >= 0) {
    const [scope = '', name = ''] = clean.slice(inPackages + '/node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const relative = path.relative(fromRoot(), clean);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return clean;
  // src/admin/auth/LoginPage.tsx → src/admin/auth; src/admin/App.tsx → src/admin
  return path.dirname(relative).split(path.sep).slice(0, 3).join('/');
}

/**
 * Size (rendered, before minification) per group of the modules in the given chunks,
 * largest first.
 * @param {ChunkMap} map
 * @param {Iterable<string>} fileNames
 * @returns {[string, number][]}
 */
export function sizeByGroup(map, fileNames) {
  const wanted = new Set(fileNames);
  /** @type {Map<string, number>} */
  const totals = new Map();
  for (const chunk of map.chunks) {
    if (!wanted.has(chunk.fileName)) continue;
    for (const [id, size] of Object.entries(chunk.modules)) {
      const group = moduleGroup(id);
      totals.set(group, (totals.get(group) ?? 0) + size);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}
