/**
 * Query helpers over the institutional collections (FAQ, software downloads, e-mail
 * signatures, legal texts), so pages stay thin.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { SOFTWARE_CATEGORIES } from '../../../shared/catalog.js';

const byOrder = (a: { data: { order: number } }, b: { data: { order: number } }) => a.data.order - b.data.order;

/** The frequently asked questions and their answers, in their order. */
export async function getFaq() {
  return (await getCollection('faq')).sort(byOrder).map((item) => item.data);
}

/** Software downloads grouped by category, in the categories' order; empty categories left out. */
export async function getSoftwareGroups() {
  const software = await getCollection('software');
  return SOFTWARE_CATEGORIES.map((category) => ({
    category,
    items: software.filter((item) => item.data.category === category),
  })).filter((group) => group.items.length > 0);
}

export type Signature = CollectionEntry<'signatures'>;

/** The e-mail signature templates, in their order. */
export async function getSignatures(): Promise<Signature[]> {
  return (await getCollection('signatures')).sort(byOrder);
}

/** A legal text (src/content/legal/<id>.md). */
export async function getLegalText(id: string): Promise<CollectionEntry<'legal'>> {
  const entry = await getEntry('legal', id);
  if (!entry) throw new Error(`src/content/legal/${id}.md não encontrado`);
  return entry;
}
