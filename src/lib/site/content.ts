/**
 * Query helpers over the institutional collections (page copy, FAQ, custom
 * hardware, software downloads, e-mail signatures, legal texts), so pages stay thin.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { SOFTWARE_CATEGORIES } from '../../content.config';

/** The collections that hold one page's copy as their single entry. */
type CopyCollection = 'home' | 'about' | 'contact';

export type PageCopy<C extends CopyCollection> = CollectionEntry<C>['data'];

const byOrder = (a: { data: { order: number } }, b: { data: { order: number } }) => a.data.order - b.data.order;

/** A page's copy (src/content/home.json, about.json or contact.json). */
export async function getCopy<C extends CopyCollection>(collection: C): Promise<PageCopy<C>> {
  const entry = await getEntry(collection, collection);
  if (!entry) throw new Error(`src/content/${collection}.json não encontrado`);
  return entry.data as PageCopy<C>;
}

/** The contact page's questions and answers, in their order. */
export async function getFaq() {
  return (await getCollection('faq')).sort(byOrder).map((item) => item.data);
}

export type CustomHardwareItem = CollectionEntry<'customHardware'>;

/** The custom hardware page's process steps, application and technology cards and success cases, each in order. */
export async function getCustomHardware() {
  const entries = (await getCollection('customHardware')).sort(byOrder);
  const byKind = (kind: CustomHardwareItem['data']['kind']) => entries.filter((entry) => entry.data.kind === kind);
  return {
    steps: byKind('step'),
    applications: byKind('application'),
    technologies: byKind('technology'),
    cases: byKind('case'),
  };
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
