/**
 * The dashboard's validation report: five checks run for real against the
 * site this admin is served from. Pure functions over an injected `request` (the
 * admin's data provider hands them the browser's fetch: its `validationCheck`), so
 * the API tests run them against a real PocketBase serving a real build.
 */
export type CheckStatus = 'pending' | 'pass' | 'fail' | 'warning';

export interface CheckResult {
  id: string;
  title: string;
  status: CheckStatus;
  message: string;
  details?: string[];
}

export const PUBLIC_PAGES = ['/', '/quem-somos', '/produtos', '/blog', '/contato'] as const;

export interface CheckContext {
  /** The site's origin, e.g. http://127.0.0.1:8090. */
  origin: string;
  /** How a check asks the site: the browser's fetch in the panel, Node's in the tests. */
  request: typeof fetch;
  /** Whether the current session is accepted by the server (the auth flow check). */
  sessionAccepted: () => Promise<boolean>;
}

export const CHECKS: { id: string; title: string; run: (context: CheckContext) => Promise<Omit<CheckResult, 'id' | 'title'>> }[] =
  [
    {
      id: 'legacy-redirects',
      title: 'Redirecionamentos de /legacy-admin/*',
      async run({ origin, request }) {
        const response = await request(`${origin}/legacy-admin/dashboard?origem=verificacao`, { redirect: 'follow' });
        const landed = new URL(response.url);
        const ok = response.redirected && landed.pathname === '/admin/dashboard' && landed.search === '?origem=verificacao';
        return ok
          ? { status: 'pass', message: '/legacy-admin/* redireciona para /admin/* mantendo caminho e parâmetros.' }
          : { status: 'fail', message: `/legacy-admin/dashboard terminou em ${landed.pathname} (HTTP ${response.status}).` };
      },
    },
    {
      id: 'admin-access',
      title: 'Acesso a /admin/*',
      async run({ origin, request }) {
        const paths = ['/admin', '/admin/posts', '/admin/users/abc'];
        const statuses = await Promise.all(
          paths.map(async (path) => [path, (await request(`${origin}${path}`)).status] as const),
        );
        const failed = statuses.filter(([, status]) => status !== 200);
        return failed.length === 0
          ? {
              status: 'pass',
              message: 'O painel responde em /admin e em links diretos.',
              details: statuses.map(([p, s]) => `${p}: ${s}`),
            }
          : { status: 'fail', message: 'Algumas rotas do painel não respondem.', details: failed.map(([p, s]) => `${p}: ${s}`) };
      },
    },
    {
      id: 'auth-flow',
      title: 'Fluxo de autenticação',
      async run({ origin, request, sessionAccepted }) {
        const methods = await request(`${origin}/api/collections/users/auth-methods`);
        const body = methods.ok ? ((await methods.json()) as { password?: { enabled?: boolean } }) : {};
        if (!body.password?.enabled)
          return { status: 'fail', message: `Login por e-mail e senha indisponível (HTTP ${methods.status}).` };
        return (await sessionAccepted())
          ? { status: 'pass', message: 'Login por e-mail e senha ativo e sessão atual aceita pelo servidor.' }
          : { status: 'warning', message: 'O login está ativo, mas o servidor não aceitou a sessão atual.' };
      },
    },
    {
      id: 'public-pages',
      title: 'Páginas públicas',
      async run({ origin, request }) {
        const statuses = await Promise.all(
          PUBLIC_PAGES.map(async (path) => [path, (await request(`${origin}${path}`)).status] as const),
        );
        const failed = statuses.filter(([, status]) => status !== 200);
        const details = statuses.map(([path, status]) => `${path}: ${status}`);
        return failed.length === 0
          ? { status: 'pass', message: `As ${PUBLIC_PAGES.length} páginas públicas respondem.`, details }
          : { status: 'fail', message: `${failed.length} de ${PUBLIC_PAGES.length} páginas públicas não respondem.`, details };
      },
    },
    {
      id: 'seo-files',
      title: 'Arquivos de SEO',
      async run({ origin, request }) {
        const [robots, sitemap] = await Promise.all([request(`${origin}/robots.txt`), request(`${origin}/sitemap.xml`)]);
        return robots.ok && sitemap.ok
          ? { status: 'pass', message: 'robots.txt e sitemap.xml publicados.' }
          : { status: 'warning', message: `robots.txt: ${robots.status}, sitemap.xml: ${sitemap.status}.` };
      },
    },
  ];

export function pendingResults(): CheckResult[] {
  return CHECKS.map(({ id, title }) => ({ id, title, status: 'pending', message: 'Aguardando verificação...' }));
}

/** Runs one check; a check that throws (network down) is a failure with its reason. */
export async function runCheck(id: string, context: CheckContext): Promise<CheckResult> {
  const check = CHECKS.find((item) => item.id === id);
  if (!check) throw new Error(`Verificação desconhecida: ${id}`);
  try {
    return { id, title: check.title, ...(await check.run(context)) };
  } catch (error) {
    return { id, title: check.title, status: 'fail', message: `Falha na verificação: ${(error as Error).message}` };
  }
}

/** Runs every check, each on its own (see runCheck). */
export function runChecks(context: CheckContext): Promise<CheckResult[]> {
  return Promise.all(CHECKS.map(({ id }) => runCheck(id, context)));
}

export function countResults(results: CheckResult[]) {
  const count = (status: CheckStatus) => results.filter((result) => result.status === status).length;
  return { pass: count('pass'), fail: count('fail'), warning: count('warning'), total: results.length };
}
