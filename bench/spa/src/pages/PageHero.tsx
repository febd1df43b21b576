// src/components/ui/PageHero.astro, rendered in the browser.
export default function PageHero({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
        <h1 className="mt-2 max-w-4xl text-3xl font-extrabold text-balance sm:text-4xl">{title}</h1>
        {subtitle && <p className="mt-4 max-w-3xl text-lg text-brand-100">{subtitle}</p>}
      </div>
    </section>
  );
}
