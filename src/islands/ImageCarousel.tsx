import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import KeenSlider, { type KeenSliderInstance } from 'keen-slider';
import 'keen-slider/keen-slider.min.css';
import { icons } from '../components/ui/icons';
import type { ResponsiveImage } from '../lib/site/images';

interface Props {
  images: ResponsiveImage[];
  /** Accessible name of the carousel, e.g. "Imagens do OPS010". */
  label: string;
  /** The first image is the page's main image: load it eagerly with high priority. */
  priority?: boolean;
}

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Image carousel (keen-slider): touch and mouse drag, previous/next arrows that are
 * disabled at the ends (no loop), left/right keys when focused, and the position
 * announced to screen readers. Without JavaScript the first image shows.
 */
export default function ImageCarousel({ images, label, priority = false }: Props) {
  const [current, setCurrent] = useState(0);
  const [ready, setReady] = useState(false);
  /** Where the slider is heading: quick key presses add up even while it still moves. */
  const target = useRef(0);
  const regionId = useId();
  const sliderRef = useRef<HTMLDivElement>(null);
  const slider = useRef<KeenSliderInstance | null>(null);
  // keen-slider's own (framework-free) API: one instance per mount, destroyed on unmount.
  useEffect(() => {
    if (!sliderRef.current) return;
    const instance = new KeenSlider(sliderRef.current, {
      loop: false,
      initial: 0,
      defaultAnimation: prefersReducedMotion() ? { duration: 0 } : undefined,
      slideChanged: (moved) => setCurrent(moved.track.details.rel),
      animationEnded: (moved) => {
        target.current = moved.track.details.rel;
      },
      dragEnded: (moved) => {
        target.current = moved.track.details.rel;
      },
      created: () => setReady(true),
    });
    slider.current = instance;
    return () => {
      instance.destroy();
      slider.current = null;
    };
  }, []);

  const count = images.length;
  const step = (delta: number) => {
    target.current = Math.max(0, Math.min(count - 1, target.current + delta));
    slider.current?.moveToIdx(target.current);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    }
  };

  return (
    <section
      aria-roledescription="carrossel"
      aria-label={label}
      className="relative w-full min-w-0"
      data-ready={ready ? 'true' : undefined}
    >
      <div
        ref={sliderRef}
        id={regionId}
        role="group"
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="keen-slider overflow-hidden rounded-2xl bg-slate-100 focus-visible:outline-3 focus-visible:outline-accent-400"
        aria-label={`${label}: use as setas do teclado para navegar`}
      >
        {images.map((image, index) => (
          <div
            key={image.src}
            className="keen-slider__slide min-w-full"
            role="group"
            aria-roledescription="slide"
            aria-label={`Imagem ${index + 1} de ${count}`}
            aria-hidden={index !== current}
          >
            <img
              src={image.src}
              srcSet={image.srcset}
              sizes={image.sizes}
              width={image.width}
              height={image.height}
              alt={image.alt}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 && priority ? 'high' : undefined}
              decoding="async"
              draggable={false}
              className="h-auto w-full select-none"
            />
          </div>
        ))}
      </div>
      <div className="mt-3 flex items-center justify-between gap-3" data-pagefind-ignore="all">
        <button
          type="button"
          onClick={() => step(-1)}
          disabled={current === 0}
          aria-controls={regionId}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <svg viewBox="0 0 24 24" fill="currentColor" className="h-5 w-5 rotate-180" aria-hidden="true" focusable="false">
            <path d={icons.arrowRight} />
          </svg>
          <span className="sr-only">Imagem anterior</span>
        </button>
        <p className="text-sm text-muted" aria-live="polite" aria-atomic="true">
          <span className="sr-only">Mostrando a imagem </span>
          {current + 1} / {count}
        </p>
        <button
          type="button"
          onClick={() => step(1)}
          disabled={current === count - 1}
          aria-controls={regionId}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 bg-white text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40"
        >
          <svg viewBox="0 0 24 24" fill="currentColor" className="h-5 w-5" aria-hidden="true" focusable="false">
            <path d={icons.arrowRight} />
          </svg>
          <span className="sr-only">Próxima imagem</span>
        </button>
      </div>
    </section>
  );
}
