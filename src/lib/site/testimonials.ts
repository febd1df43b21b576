import { getCollection } from 'astro:content';

/** The testimonials of one page (`todos`: every one), in their order. */
export async function getTestimonials(group: string) {
  const all = await getCollection('testimonials', (entry) => group === 'todos' || entry.data.page === group);
  return all.sort((a, b) => a.data.order - b.data.order);
}
