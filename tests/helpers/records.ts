/**
 * Small helpers for API tests that create records on a real PocketBase: unique titles
 * and names (the server keeps slugs and names unique), and a record's revisions.
 */
import type PocketBase from 'pocketbase';

let serial = 0;

/** `prefix` followed by a part no other call in this test process returns. */
export const unique = (prefix: string): string => `${prefix} ${Date.now().toString(36)} ${++serial}`;

/** A record's revisions as `client` may read them, newest first. */
export const history = (client: PocketBase, collection: string, record: string) =>
  client.collection('revisions').getFullList({
    filter: client.filter('collection = {:collection} && record = {:record}', { collection, record }),
    sort: '-created,-id',
  });
