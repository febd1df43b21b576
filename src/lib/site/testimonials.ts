import { getCollection } from 'astro:content';

/** Testimonials of one page, in their order. */
export async function getTestimonials(page: 'clientes' | 'quem-somos') {
  const all = await getCollection('testimonials', (entry) => entry.data.page === page);
  return all.sort((a, b) => a.data.order - b.data.order);
}
