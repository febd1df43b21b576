/**
 * The panel's own texts that belong to no resource field (react-admin's demo keeps
 * these under its app's namespace): the menu's screens that are not resources and
 * the headers of list columns bound to no `source`, the date-time of a scheduled post or
 * page (its `published_at`, named for what it does), and the sign-in screens' fields
 * (react-admin's `ra.auth.email` and `ra.auth.password` serve as they are).
 */
export const panelMessages = {
  menu: {
    /** The avatar menu's button when it shows no name (phones): react-admin translates it. */
    account: 'Menu da conta',
    analytics: 'Analytics',
    review: 'Para revisar',
    review_pages: 'Páginas para revisar',
    backups: 'Backups',
    privacy: 'Privacidade',
    settings: 'Configurações',
  },
  auth: {
    full_name: 'Nome completo',
    name: 'Nome',
    confirmation: 'Confirmar senha',
    new_password: 'Nova senha',
    new_confirmation: 'Confirmar nova senha',
  },
  list: {
    actions: 'Ações',
    details: 'Detalhes',
  },
  /** One row of a catalogue record's list of texts (its place is read out: 'Especificação 2'). */
  catalog: { item: 'Texto' },
  fields: {
    /** A scheduled post's or page's `published_at`, in the form and the pages' list. */
    scheduled_for: 'Publicar em',
  },
};
