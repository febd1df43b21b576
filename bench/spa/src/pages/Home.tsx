// The home page (the seeded home page's sections, src/components/sections/), rendered in the browser.
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import siteData, { type LineCard } from 'virtual:bench-site-data';
import sitePages from '../../../../shared/site-pages.json';
import partners from '../../../../shared/site-partners.json';
import { chatLinkWithText, site } from '../../../../src/config/site';
import { Icon, Picture } from '../markup';

/** The home page's sections, by type, as a fresh install seeds them. */
const sections = sitePages.pages.find((page) => page.is_homepage)!.content.sections as unknown as Record<string, string>[];
const section = (type: string) => sections.find((candidate) => candidate.type === type)!;
const home = {
  hero: section('hero'),
  lines: section('product_lines'),
  customHardware: section('highlight'),
  partners: section('partners'),
  cta: section('cta_band'),
};

function Hero() {
  const { hero } = home;
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">{hero.eyebrow}</p>
          <h1 className="mt-3 text-3xl leading-tight font-extrabold text-balance sm:text-4xl xl:text-[2.75rem]">{hero.title}</h1>
          <p className="mt-5 text-lg text-brand-100">{hero.text}</p>
          <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm font-semibold ring-1 ring-white/25">
            <Icon name="checkCircle" className="h-5 w-5 text-accent-400" />
            {hero.badge}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/produtos"
              className="inline-flex items-center gap-2 rounded-lg bg-accent-400 px-5 py-3 font-semibold text-brand-900 hover:bg-accent-500"
            >
              {hero.primary_label}
              <Icon name="arrowRight" className="h-5 w-5" />
            </Link>
            <a
              href={chatLinkWithText(hero.chat_message ?? '')}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-lg px-5 py-3 font-semibold text-white ring-1 ring-white/60 hover:bg-white/10"
            >
              {hero.chat_label}
              <span className="sr-only"> (abre em nova aba)</span>
            </a>
          </div>
        </div>
        <Picture picture={siteData.hero} />
      </div>
    </section>
  );
}

function LineCardItem({ line, index }: { line: LineCard; index: number }) {
  const copy = home.lines;
  return (
    <li className="stagger-item flex" style={{ '--stagger-index': index } as CSSProperties} data-line={line.id}>
      <article
        className={`flex w-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition hover:shadow-md ${
          line.featured ? 'border-brand-200 ring-1 ring-brand-200' : 'border-slate-200'
        }`}
      >
        <Picture picture={line.picture} />
        <div className="flex flex-1 flex-col p-5">
          <div className="flex items-center gap-3">
            <span
              className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-lg font-bold text-white"
              style={{ backgroundColor: line.color }}
              aria-hidden="true"
            >
              {line.iconText}
            </span>
            <h3 className="text-lg font-semibold text-ink">{line.name}</h3>
            {line.featured && (
              <span className="ml-auto rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
                {copy.badge}
              </span>
            )}
          </div>
          <p className="mt-3 flex-1 text-sm text-muted">{line.description}</p>
          <p className="mt-4 text-sm font-medium text-ink">
            {line.productCount} {line.productCount === 1 ? 'produto' : 'produtos'}
          </p>
          <Link to={line.href} className="mt-3 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
            {copy.card_action}
            <span className="sr-only">: {line.name}</span>
            <Icon name="arrowRight" className="h-4 w-4" />
          </Link>
        </div>
      </article>
    </li>
  );
}

function ProductLines() {
  const copy = home.lines;
  return (
    <section aria-labelledby="linhas" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="max-w-3xl">
        <h2 id="linhas" className="text-3xl font-bold text-ink">
          {copy.title}
        </h2>
        <p className="mt-3 text-muted">{copy.intro}</p>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2">
        {siteData.lines.map((line, index) => (
          <LineCardItem key={line.id} line={line} index={index} />
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Link
          to="/produtos"
          className="inline-flex items-center gap-2 rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {copy.all_label}
          <Icon name="arrowRight" className="h-5 w-5" />
        </Link>
      </div>
    </section>
  );
}

function CustomHardwareTeaser() {
  const copy = home.customHardware;
  const stats = [
    { value: site.figures.customProjects, label: 'projetos sob medida' },
    { value: site.figures.yearsOfExperience, label: 'anos de experiência' },
    { value: site.figures.unitsMade, label: 'unidades fabricadas' },
  ];
  return (
    <section aria-labelledby="sob-medida" className="bg-brand-50">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{copy.eyebrow}</p>
          <h2 id="sob-medida" className="mt-2 text-3xl font-bold text-ink">
            {copy.title}
          </h2>
          <p className="mt-4 text-muted">{copy.text}</p>
          <p className="mt-4 flex items-center gap-2 font-semibold text-ink">
            <Icon name="checkCircle" className="h-5 w-5 text-chat-600" />
            {copy.highlight}
          </p>
          <Link
            to="/projetos-sob-medida"
            className="mt-6 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
          >
            {copy.button_label}
            <Icon name="arrowRight" className="h-5 w-5" />
          </Link>
        </div>
        <dl className="grid grid-cols-3 gap-3 sm:gap-4">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse justify-end rounded-2xl bg-white p-3 text-center shadow-sm sm:p-5"
            >
              <dt className="mt-1 text-xs text-muted sm:text-sm">{stat.label}</dt>
              <dd className="text-2xl font-extrabold text-brand-700 sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function PartnerStrip() {
  return (
    <section aria-labelledby="parceiros" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
      <h2 id="parceiros" className="text-center text-xl font-semibold text-ink">
        {home.partners.title}
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-7">
        {[...partners]
          .sort((a, b) => a.order - b.order)
          .map((partner) => (
            <li
              key={partner.id}
              className="flex flex-col items-center justify-center rounded-xl border border-slate-200 px-3 py-4 text-center"
              title={partner.full_name}
            >
              <span className="text-lg font-extrabold tracking-wide text-slate-700">{partner.name}</span>
              <span className="mt-1 text-xs text-muted">{partner.kind}</span>
            </li>
          ))}
      </ul>
    </section>
  );
}

function CtaBand() {
  const copy = home.cta;
  return (
    <section aria-labelledby="cta" className="bg-brand-700 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta" className="text-2xl font-bold sm:text-3xl">
            {copy.title}
          </h2>
          <p className="mt-2 text-brand-100">{copy.text}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/catalogo-digital" className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50">
            {copy.button_label}
          </Link>
          <a
            href={site.chat.link}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg bg-chat-600 px-5 py-3 font-semibold text-white hover:bg-chat-700"
          >
            {copy.chat_label}
            <span className="sr-only"> (abre em nova aba)</span>
          </a>
        </div>
      </div>
    </section>
  );
}

export default function Home() {
  return (
    <>
      <Hero />
      <ProductLines />
      <CustomHardwareTeaser />
      <PartnerStrip />
      <CtaBand />
    </>
  );
}
