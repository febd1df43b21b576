/**
 * The panel's own texts that belong to no resource field (react-admin's demo keeps
 * these under its app's namespace): the menu's screens that are not resources and
 * the headers of list columns bound to no `source`.
 */
export const panelMessages = {
  menu: {
    backups: 'Backups',
    settings: 'Configurações',
  },
  list: {
    actions: 'Ações',
    details: 'Detalhes',
  },
};
