/**
 * Our pt-BR texts for react-admin's resource keys, as in react-admin's demo: names
 * (the menu and titles read `resources.<name>.name`), field labels (every input,
 * field and column bound to a `source` reads `resources.<name>.fields.<source>`),
 * filter labels where a filter names its field otherwise (`filters.<source>`, given
 * as the filter's `label` key) and the success toasts (`notifications.*`).
 * tests/unit/admin-i18n.test.ts keeps screens from passing literal labels instead.
 */
import { CATALOG } from '../../../shared/catalog.js';
import { PIECES } from '../../../shared/site-pieces.js';

/** A catalogue collection's field labels (shared/catalog.js), as its form and lists show them. */
const catalogLabels = (kind: keyof typeof CATALOG) =>
  Object.fromEntries(
    Object.entries(CATALOG[kind].fields as Record<string, { label: string; required?: boolean; kind: string }>).map(
      ([name, field]) => [name, field.required || field.kind === 'bool' ? field.label : `${field.label} (opcional)`],
    ),
  );

/** The labels of a shared piece's text fields, from its rules (shared/site-pieces.js). */
const pieceLabels = (kind: keyof typeof PIECES) =>
  Object.fromEntries(
    Object.entries(PIECES[kind].fields as Record<string, { label: string; required: boolean }>).map(([name, field]) => [
      name,
      field.required ? field.label : `${field.label} (opcional)`,
    ]),
  );

export const resourceMessages = {
  users: {
    name: 'Usuário |||| Usuários',
    fields: {
      email: 'E-mail',
      full_name: 'Nome completo',
      role: 'Função',
      is_active: 'Ativo',
      verified: 'E-mail confirmado',
      avatar: 'Avatar',
      created: 'Criado em',
      password: 'Senha',
    },
    filters: { is_active: 'Situação' },
    notifications: {
      created: 'Usuário criado com sucesso!',
      updated: 'Usuário atualizado com sucesso!',
      deleted: 'Usuário excluído com sucesso!',
    },
  },
  posts: {
    name: 'Post |||| Posts',
    fields: {
      title: 'Título',
      slug: 'Slug',
      excerpt: 'Resumo',
      content: 'Conteúdo',
      cover: 'Imagem de capa',
      category: 'Categoria',
      tags: 'Tags',
      status: 'Status',
      author: 'Autor',
      author_name: 'Autor',
      published_at: 'Publicação',
      created: 'Criado em',
      updated: 'Atualizado em',
    },
    notifications: {
      created: 'Post criado com sucesso!',
      updated: 'Post atualizado com sucesso!',
      deleted: 'Post excluído com sucesso!',
    },
  },
  'git-articles': {
    name: 'Artigo do git |||| Artigos do git',
    fields: {
      title: 'Título',
      category: 'Categoria',
      author: 'Autor',
      date: 'Publicação',
      path: 'Arquivo',
      source: 'Origem',
    },
  },
  pages: {
    name: 'Página |||| Páginas',
    fields: {
      name: 'Nome',
      slug: 'Slug',
      title: 'Título SEO',
      meta_description: 'Meta descrição',
      status: 'Status',
      published_at: 'Publicação',
      review_note: 'Nota para a revisão',
      is_homepage: 'Página inicial',
      created: 'Criada em',
      updated: 'Atualizada em',
      sections: 'Seções',
    },
    notifications: {
      created: 'Página criada com sucesso!',
      updated: 'Página atualizada com sucesso!',
      deleted: 'Página excluída com sucesso!',
    },
  },
  menus: {
    name: 'Menu |||| Menu',
    fields: {
      key: 'Menu',
      title: 'Título da coluna',
      items: 'Links',
      item_label: 'Texto do link',
      item_page: 'Página',
      item_url: 'Ou endereço',
      item_new_tab: 'Abrir em nova aba',
    },
    notifications: { updated: 'Menu salvo. Ele aparece no site na próxima publicação.' },
  },
  testimonials: {
    name: 'Depoimento |||| Depoimentos',
    fields: { ...pieceLabels('testimonials'), page: 'Página', shown_in: 'Aparece na lista de', order: 'Ordem' },
    notifications: { created: 'Depoimento criado.', updated: 'Depoimento salvo.', deleted: 'Depoimento excluído.' },
  },
  faq: {
    name: 'Pergunta frequente |||| Perguntas frequentes',
    fields: { ...pieceLabels('faq_entries'), order: 'Ordem' },
    notifications: { created: 'Pergunta criada.', updated: 'Pergunta salva.', deleted: 'Pergunta excluída.' },
  },
  partners: {
    name: 'Parceiro |||| Parceiros',
    fields: { ...pieceLabels('partners'), order: 'Ordem', logo: 'Logotipo' },
    notifications: { created: 'Parceiro criado.', updated: 'Parceiro salvo.', deleted: 'Parceiro excluído.' },
  },
  products: {
    name: 'Produto |||| Produtos',
    fields: { ...catalogLabels('products'), image_alt: 'Texto alternativo' },
    notifications: {
      created: 'Produto criado.',
      updated: 'Produto salvo. Ele aparece no site na próxima publicação.',
      deleted: 'Produto excluído.',
    },
  },
  lines: {
    name: 'Linha |||| Linhas',
    fields: catalogLabels('product_lines'),
    notifications: { created: 'Linha criada.', updated: 'Linha salva.', deleted: 'Linha excluída.' },
  },
  datasheets: {
    name: 'Datasheet |||| Datasheets',
    fields: catalogLabels('datasheets'),
    notifications: { created: 'Datasheet criado.', updated: 'Datasheet salvo.', deleted: 'Datasheet excluído.' },
  },
  software: {
    name: 'Software |||| Softwares',
    fields: catalogLabels('software'),
    notifications: { created: 'Software criado.', updated: 'Software salvo.', deleted: 'Software excluído.' },
  },
  media: {
    name: 'Mídia |||| Mídia',
    fields: {
      file: 'Arquivo',
      original_filename: 'Nome original',
      file_size: 'Tamanho',
      mime_type: 'Tipo',
      alt_text: 'Texto alternativo',
      uploaded_by: 'Enviado por',
      created: 'Enviado em',
      deleted_at: 'Excluído em',
      deleted_by: 'Excluído por',
    },
    notifications: {
      updated: 'Arquivo atualizado com sucesso!',
      deleted: 'Arquivo excluído com sucesso!',
    },
  },
  audit: {
    name: 'Log de auditoria |||| Auditoria',
    fields: {
      created: 'Data/Hora',
      user: 'Usuário',
      actor: 'Usuário',
      action: 'Ação',
      table_name: 'Tabela',
      record_id: 'ID do registro',
      old_values: 'Valores antigos',
      new_values: 'Valores novos',
      ip: 'IP',
      created_gte: 'Data inicial',
      created_lte: 'Data final',
    },
  },
  messages: {
    name: 'Mensagem |||| Mensagens',
    fields: {
      name: 'Nome',
      email: 'E-mail',
      phone: 'Telefone',
      company: 'Empresa',
      has_machine: 'Possui máquina',
      volume: 'Volume',
      interest: 'Interesse',
      message: 'Mensagem',
      read: 'Lida',
      /** The list's read/unread column. */
      read_state: 'Situação',
      created: 'Recebida em',
    },
    filters: { read: 'Situação' },
    notifications: {
      updated: 'Mensagem atualizada com sucesso!',
      deleted: 'Mensagem excluída com sucesso!',
    },
  },
  comments: {
    name: 'Comentário |||| Comentários',
    fields: {
      status: 'Situação',
      article: 'Artigo',
      article_title: 'Artigo',
      name: 'Nome',
      email: 'E-mail',
      body: 'Comentário',
      parent: 'Resposta a',
      created: 'Enviado em',
      updated: 'Atualizado em',
    },
    notifications: {
      updated: 'Comentário atualizado com sucesso!',
      deleted: 'Comentário excluído com sucesso!',
    },
  },
  newsletter: {
    name: 'Inscrito |||| Newsletter',
    fields: { email: 'E-mail', status: 'Situação', source: 'Origem', consented_at: 'Consentimento em', created: 'Inscrito em' },
    notifications: { deleted: 'Inscrito removido com sucesso!' },
  },
  sends: {
    name: 'Envio |||| Envios',
    fields: {
      post_title: 'Post',
      status: 'Situação',
      progress: 'Progresso',
      subject: 'Assunto',
      requested_by_name: 'Enviado por',
      created: 'Criado em',
      started_at: 'Iniciado em',
      finished_at: 'Concluído em',
      failures: 'Falhas',
    },
  },
  deliveries: {
    name: 'Entrega |||| Entregas',
    fields: { subscriber: 'E-mail', error: 'Motivo', attempts: 'Tentativas' },
  },
};
