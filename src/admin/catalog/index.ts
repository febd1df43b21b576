/**
 * The screens the catalogue's four resources share ('Produtos', 'Linhas', 'Datasheets',
 * 'Softwares'; each registered from its own folder), loaded on demand. Their rules are
 * shared/catalog.js's; pb_hooks/lib/catalog/README.md says which part runs where.
 */
import { createElement, lazy } from 'react';
import type { CatalogResource } from './catalogForm';

/** A catalogue resource's list, create and edit screens. */
export function catalogScreens(resource: CatalogResource) {
  return {
    list: lazy(async () => {
      const { CatalogList } = await import('./CatalogList');
      return { default: () => createElement(CatalogList, { resource }) };
    }),
    create: lazy(async () => {
      const { CatalogCreate } = await import('./CatalogEdit');
      return { default: () => createElement(CatalogCreate, { resource }) };
    }),
    edit: lazy(async () => {
      const { CatalogEdit } = await import('./CatalogEdit');
      return { default: () => createElement(CatalogEdit, { resource }) };
    }),
  };
}
