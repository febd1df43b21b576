/**
 * PocketBase errors in pt-BR: the toast prefix per resource and verb
 * ('Erro ao carregar posts: …') followed by the server's reason, translated from
 * PocketBase's codes. Field errors go to react-admin's forms (HttpError body
 * `{ errors }`), so each input shows its own message.
 */
import { HttpError, type DataProvider } from 'ra-core';

type Verb = 'load' | 'create' | 'update' | 'delete';

const PREFIXES: Record<string, Partial<Record<Verb, string>>> = {
  users: {
    load: 'Erro ao carregar usuários',
    create: 'Erro ao criar usuário',
    update: 'Erro ao atualizar usuário',
    delete: 'Erro ao excluir usuário',
  },
  posts: {
    load: 'Erro ao carregar posts',
    create: 'Erro ao criar post',
    update: 'Erro ao atualizar post',
    delete: 'Erro ao excluir post',
  },
  pages: {
    load: 'Erro ao carregar páginas',
    create: 'Erro ao criar página',
    update: 'Erro ao atualizar página',
    delete: 'Erro ao excluir página',
  },
  media: {
    load: 'Erro ao carregar mídia',
    create: 'Erro ao enviar arquivo',
    update: 'Erro ao atualizar arquivo',
    delete: 'Erro ao excluir arquivo',
  },
  settings: {
    load: 'Erro ao carregar configurações',
    create: 'Erro ao salvar configurações',
    update: 'Erro ao salvar configurações',
  },
  audit: { load: 'Erro ao carregar logs de auditoria' },
  messages: { load: 'Erro ao carregar mensagens', update: 'Erro ao atualizar mensagem', delete: 'Erro ao excluir mensagem' },
  newsletter: { load: 'Erro ao carregar inscritos', delete: 'Erro ao excluir inscrito' },
};

const FIELD_CODES: Record<string, string> = {
  validation_required: 'Campo obrigatório.',
  validation_not_unique: 'Já existe um registro com este valor.',
  validation_invalid_email: 'E-mail inválido.',
  validation_is_email: 'E-mail inválido.',
  validation_min_text_constraint: 'Texto curto demais.',
  validation_max_text_constraint: 'Texto longo demais.',
  validation_length_out_of_range: 'Tamanho fora do permitido.',
  validation_invalid_format: 'Formato inválido.',
  validation_match_invalid: 'Formato inválido.',
  validation_values_mismatch: 'Os valores não coincidem.',
  validation_file_size_limit: 'O arquivo é maior que o limite de 10 MB.',
  validation_invalid_mime_type: 'Tipo de arquivo não permitido.',
  validation_invalid_value: 'Valor inválido.',
  validation_in_invalid: 'Valor inválido.',
  validation_invalid_date: 'Data inválida.',
};

const STATUS_MESSAGES: Record<number, string> = {
  0: 'Não foi possível conectar ao servidor.',
  400: 'Dados inválidos.',
  401: 'Sua sessão não é mais válida. Entre novamente.',
  403: 'Você não tem permissão para esta ação.',
  404: 'Registro não encontrado ou sem permissão de acesso.',
  413: 'Arquivo grande demais.',
  429: 'Muitas requisições. Aguarde alguns instantes e tente novamente.',
  500: 'Erro interno do servidor',
};

interface ErrorDetails {
  message?: string;
  data?: Record<string, { code?: string; message?: string }>;
}

/** The SDK's ClientResponseError (`response`) or react-admin's HttpError from fetchJson (`body`). */
interface PocketBaseErrorShape {
  status?: number;
  message?: string;
  response?: ErrorDetails;
  body?: ErrorDetails;
  isAbort?: boolean;
}

const detailsOf = (error: unknown): ErrorDetails => {
  const shape = (error ?? {}) as PocketBaseErrorShape;
  return shape.response ?? (shape.body && typeof shape.body === 'object' ? shape.body : {});
};

/** Whether a message is one of ours (pt-BR from our hooks) rather than PocketBase's English default. */
function isPortuguese(message: string) {
  return /[ãçáéíóúâêô]|\b(não|inválid|obrigatóri|permissão|senha|arquivo)\b/i.test(message);
}

/** Field name → pt-BR message, from PocketBase's validation data. */
export function fieldMessages(error: unknown): Record<string, string> {
  const data = detailsOf(error).data ?? {};
  const out: Record<string, string> = {};
  for (const [field, detail] of Object.entries(data)) {
    if (!detail || typeof detail !== 'object') continue;
    const message = detail.message ?? '';
    out[field] = isPortuguese(message) ? message : (FIELD_CODES[detail.code ?? ''] ?? 'Valor inválido.');
  }
  return out;
}

/** What people call the fields PocketBase names in its errors; a field not listed is left unnamed. */
const FIELD_LABELS: Record<string, string> = {
  email: 'E-mail',
  password: 'Senha',
  passwordConfirm: 'Confirmação da senha',
  oldPassword: 'Senha atual',
  full_name: 'Nome',
  name: 'Nome',
  avatar: 'Avatar',
  role: 'Papel',
  title: 'Título',
  slug: 'Slug',
  excerpt: 'Resumo',
  content: 'Conteúdo',
  category: 'Categoria',
  tags: 'Tags',
  status: 'Situação',
  published_at: 'Data de publicação',
  cover: 'Capa',
  file: 'Arquivo',
  alt_text: 'Texto alternativo',
  body: 'Comentário',
  value: 'Valor',
};

/** The server's reason in pt-BR: our hooks' own message, the field errors (by their pt-BR names), or the status's text. */
export function reasonOf(error: unknown): string {
  const shape = (error ?? {}) as PocketBaseErrorShape;
  const fields = Object.entries(fieldMessages(error));
  if (fields.length)
    return fields.map(([field, message]) => (FIELD_LABELS[field] ? `${FIELD_LABELS[field]}: ${message}` : message)).join(' ');
  const message = detailsOf(error).message ?? '';
  if (message && isPortuguese(message)) return message;
  // fetch() itself rejects with a TypeError when the server cannot be reached.
  const status = shape.status ?? (error instanceof TypeError ? 0 : 500);
  return STATUS_MESSAGES[status] ?? STATUS_MESSAGES[Math.floor(status / 100) * 100] ?? 'Erro interno do servidor';
}

/** '<prefix>: <reason>' for a resource and verb. */
export function describeError(resource: string, verb: Verb, error: unknown): string {
  const prefix = PREFIXES[resource]?.[verb] ?? 'Erro na operação';
  return `${prefix}: ${reasonOf(error)}`;
}

const VERBS: Record<string, Verb> = {
  getList: 'load',
  getOne: 'load',
  getMany: 'load',
  getManyReference: 'load',
  create: 'create',
  update: 'update',
  updateMany: 'update',
  delete: 'delete',
  deleteMany: 'delete',
};

/** Wraps a data provider so every failure becomes an HttpError with its pt-BR message. */
export function withErrorMessages(provider: DataProvider): DataProvider {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(provider)) {
    if (typeof method !== 'function') continue;
    wrapped[name] = async (resource: string, params: unknown) => {
      try {
        return await (method as (r: string, p: unknown) => Promise<unknown>)(resource, params);
      } catch (error) {
        if (error instanceof HttpError || (error as PocketBaseErrorShape)?.isAbort) throw error;
        const status = (error as PocketBaseErrorShape)?.status ?? 500;
        // The body keeps the server's own message: the auth provider tells a deactivated account by it.
        throw new HttpError(describeError(resource, VERBS[name] ?? 'load', error), status, {
          errors: fieldMessages(error),
          message: detailsOf(error).message ?? '',
        });
      }
    };
  }
  return wrapped as unknown as DataProvider;
}
