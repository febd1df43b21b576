// The peer of bench/admin-size.mjs: the least a react-admin app costs. The stock
// <Admin> with its default login page, a trivial auth provider, an in-memory data
// provider and one resource listed by ListGuesser.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, type AuthProvider, type DataProvider, type RaRecord } from 'react-admin';

const SESSION_KEY = 'shell-user';

const authProvider: AuthProvider = {
  login: async ({ username }: { username: string }) => {
    localStorage.setItem(SESSION_KEY, username);
  },
  logout: async () => {
    localStorage.removeItem(SESSION_KEY);
  },
  checkAuth: async () => {
    if (!localStorage.getItem(SESSION_KEY)) throw new Error('Not signed in');
  },
  checkError: async () => {},
  getIdentity: async () => ({ id: localStorage.getItem(SESSION_KEY) ?? '', fullName: localStorage.getItem(SESSION_KEY) ?? '' }),
  getPermissions: async () => undefined,
};

const records: Record<string, RaRecord[]> = { posts: [{ id: 1, title: 'Hello', published_at: '2024-01-01' }] };

/** The records of a resource, typed as the caller asks (react-admin's methods are generic; this store holds plain records). */
function listOf<RecordType>(resource: string) {
  return (records[resource] ?? []) as RecordType[];
}

const dataProvider: DataProvider = {
  getList: async (resource) => ({ data: listOf(resource), total: listOf(resource).length }),
  getOne: async (resource, { id }) => ({
    data: listOf<RaRecord>(resource).find((record) => String(record.id) === String(id)) as never,
  }),
  getMany: async (resource, { ids }) => ({
    data: listOf<RaRecord>(resource).filter((record) => ids.includes(record.id)) as never,
  }),
  getManyReference: async (resource) => ({ data: listOf(resource), total: listOf(resource).length }),
  create: async (_resource, { data }) => ({ data: { ...data, id: Date.now() } as never }),
  update: async (_resource, { data }) => ({ data: data as never }),
  updateMany: async (_resource, { ids }) => ({ data: ids }),
  delete: async (_resource, { previousData }) => ({ data: previousData as never }),
  deleteMany: async (_resource, { ids }) => ({ data: ids }),
};

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Admin authProvider={authProvider} dataProvider={dataProvider} requireAuth>
      <Resource name="posts" list={ListGuesser} />
    </Admin>
  </StrictMode>,
);
