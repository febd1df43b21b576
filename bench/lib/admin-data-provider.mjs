// The admin panel's own data provider (src/admin/dataProvider.ts), loaded as is
// under Node's type stripping, over the PocketBase SDK signed in with a token: a
// benchmark then asks the server exactly what the admin screens ask.
import * as nodeModule from 'node:module';
import path from 'node:path';
import PocketBase from 'pocketbase';
import { fromRoot } from '../../scripts/lib/paths.mjs';

let hooksRegistered = false;

/** The admin's sources import siblings without an extension, as bundlers allow. */
function resolveExtensionlessTypeScript() {
  if (hooksRegistered) return;
  hooksRegistered = true;
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        const relative = specifier.startsWith('./') || specifier.startsWith('../');
        if (relative && !path.extname(specifier) && context.parentURL?.endsWith('.ts')) {
          return nextResolve(`${specifier}.ts`, context);
        }
        throw error;
      }
    },
  });
}

/**
 * Imports one of the admin's TypeScript modules (under src/admin/).
 * @param {string} relativePath e.g. 'audit/dateRange.ts'
 */
export function importAdminModule(relativePath) {
  resolveExtensionlessTypeScript();
  return import(fromRoot('src', 'admin', relativePath));
}

/**
 * @param {string} url the server
 * @param {string} token an auth token of a `users` record
 * @param {{ onEmptyFilteredList?: (collection: string) => void }} [options] told of every
 *   filtered list answer without rows (see filter-guard-pacer.mjs)
 * @returns {Promise<import('ra-core').DataProvider>}
 */
export async function adminDataProvider(url, token, { onEmptyFilteredList } = {}) {
  const { createDataProvider } = await importAdminModule('dataProvider.ts');
  const client = new PocketBase(url);
  client.autoCancellation(false);
  client.authStore.save(token);
  client.afterSend = (response, data) => {
    const list = /\/api\/collections\/([^/]+)\/records\?/.exec(response.url);
    if (list && new URL(response.url).searchParams.get('filter') && Array.isArray(data?.items) && !data.items.length) {
      onEmptyFilteredList?.(decodeURIComponent(list[1] ?? ''));
    }
    return data;
  };
  return createDataProvider(client);
}
