/**
 * Hostile input for fuzz-style API tests: a seeded generator (so a failure
 * reproduces from the printed seed) and a catalogue of values that break naive
 * servers — markup, SQL-ish text, Unicode edge cases, wrong JSON types, blanks
 * and oversized strings.
 */

/** mulberry32: a small, fast PRNG; the same seed always gives the same sequence. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Fuzzer {
  readonly random: () => number;
  constructor(readonly seed: number) {
    this.random = seededRandom(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }
  /** `count` distinct items (all of them when there are fewer), in a seeded order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, count);
  }
}

export interface HostileString {
  label: string;
  value: string;
}

const s = (label: string, value: string): HostileString => ({ label, value });

export const MARKUP: HostileString[] = [
  s('script tag', '<script>alert(1)</script>'),
  s('img onerror', '<img src=x onerror=alert(1)>'),
  s('attribute break-out', '"><svg/onload=alert(1)>'),
  s('javascript link', '<a href="javascript:alert(1)">clique aqui</a>'),
  s('iframe', '<iframe src="//evil.example"></iframe>'),
  s('textarea break-out', '</textarea><script>alert(1)</script>'),
  s('spaced tag', '< script >alert(1)</ script >'),
  s('HTML comment', 'Olá <!-- comentário --> mundo'),
  s('processing instruction', '<?php system($_GET["c"]); ?>'),
];

const SUSPICIOUS_TEXT: HostileString[] = [
  s('SQL tautology', "' OR 1=1 --"),
  s('SQL drop', '"; DROP TABLE contact_messages; --'),
  s('SQL union', "1' UNION SELECT email, password FROM users --"),
  s('Bobby Tables', "Robert'); DROP TABLE students;--"),
  s('PocketBase filter', '" || id != "'),
  s('URL-encoded SQL', '%27%20OR%201%3D1'),
  s('template syntax', '${7*7} {{7*7}} #{7*7}'),
  s('javascript: text', 'javascript:alert(1)'),
  s('escaped entities', '&lt;script&gt;alert(1)&lt;/script&gt;'),
  s('less-than in prose', 'Temperatura < 50 °C e pressão > 2 bar'),
  s('spreadsheet formula', '=HYPERLINK("http://evil.example","clique")'),
  s('at-formula', '@SUM(1+1)*cmd'),
  s('path traversal', '../../../../etc/passwd'),
  s('Windows path', 'C:\\Windows\\System32\\cmd.exe'),
  s('JSON-looking', '{"$ne": null}'),
  s('word null', 'null'),
];

const UNICODE: HostileString[] = [
  s('emoji with ZWJ', 'Família 👩‍👩‍👧‍👦 feliz'),
  s('flag', 'Brasil 🇧🇷'),
  s('astral letters', '𝕺𝖕𝖊𝖗𝖎𝖚𝖒'),
  s('combining marks (zalgo)', 'Z̴̡͎a̸̛l̷̢g̵̨o̶̧ industrial'),
  s('decomposed accents (NFD)', 'Jose\u0301 Conceic\u0327a\u0303o'),
  s('composed accents (NFC)', 'José Conceição'),
  s('zero-width inside a word', 'Ana\u200BMaria\u200C Silva\u200D'),
  s('Arabic', 'مرحبا بالعالم'),
  s('CJK', '東京の工場'),
  s('fullwidth brackets', '＜script＞alert(1)＜/script＞'),
  s('ligature', 'ﬁnanceiro ﬂuxo'),
  s('dotted capital I', 'İSTANBUL ıı'),
  s('lone high surrogate', 'antes\uD800depois'),
  s('lone low surrogate', '\uDC00 sozinho'),
  s('line break', 'Linha um\nLinha dois\r\n\tfim'),
  s('NUL byte', 'nome\u0000oculto'),
  s('bell and backspace', 'tocar\u0007\u0008'),
  s('ANSI escape', '\u001b[31mvermelho\u001b[0m'),
  s('DEL', 'apagar\u007f'),
  s('C1 control (NEL)', 'linha\u0085nova'),
  s('RTL override', 'fatura\u202Etxt.exe'),
  s('LTR embedding', '\u202Aembutido\u202C'),
  s('bidi isolate', 'a\u2066b\u2069c'),
  s('blank spaces', '     '),
  s('tabs and line breaks', '\t\r\n\t'),
  s('zero-width only', '\u200B\u200B\u200B\u200B'),
  s('no-break and ideographic spaces', '\u00A0\u3000\u00A0'),
  s('BOM only', '\uFEFF\uFEFF'),
  s('Hangul filler', '\u3164\u3164\u3164'),
];

export const ALL_STRINGS = [...MARKUP, ...SUSPICIOUS_TEXT, ...UNICODE];

/** Values of the wrong JSON type for a string field. */
export const WRONG_TYPES: { label: string; value: unknown }[] = [
  { label: 'zero', value: 0 },
  { label: 'integer', value: 42 },
  { label: 'negative', value: -1 },
  { label: 'float', value: 1.5 },
  { label: 'huge number', value: 1e308 },
  { label: 'true', value: true },
  { label: 'false', value: false },
  { label: 'null', value: null },
  { label: 'empty array', value: [] },
  { label: 'array of strings', value: ['a', 'b'] },
  { label: 'empty object', value: {} },
  { label: 'operator object', value: { $ne: null } },
  { label: 'nested', value: { a: [{ b: { c: [1, 2, { d: 'e' }] } }] } },
];

/**
 * Strings around and far beyond a field's maximum, counted in characters
 * (code points, as PocketBase counts them), also with multi-byte characters.
 */
export function oversized(max: number): { label: string; value: string; fits: boolean }[] {
  return [
    { label: `${max} emoji (exactly the limit, 4 bytes each)`, value: '😀'.repeat(max), fits: true },
    { label: `${max} accented letters`, value: 'ç'.repeat(max), fits: true },
    { label: `${max + 1} characters`, value: 'a'.repeat(max + 1), fits: false },
    { label: `${max + 1} emoji`, value: '🚀'.repeat(max + 1), fits: false },
    { label: '100 000 characters', value: 'x'.repeat(100_000), fits: false },
    { label: '1 MB of 3-byte characters', value: '€'.repeat(350_000), fits: false },
  ];
}

/** What the server can store for a string sent as JSON: lone surrogates become U+FFFD. */
export function expectedStored(value: string): string {
  return value.toWellFormed();
}

/**
 * What a plain-text field must do with a value (the rules of pb_hooks/lib/common/input.js):
 * - `refuse`: markup, control characters (line breaks and tabs too, in one-line
 *   fields): a 400, never stored;
 * - `blank`: nothing visible (spaces, zero-width characters): treated as empty;
 * - `accept`: odd but legitimate text, stored as sent (trimmed; lone surrogates
 *   become U+FFFD, since JSON decoding cannot keep them: see `expectedStored`).
 */
export type Verdict = 'refuse' | 'blank' | 'accept';

export function textVerdict(
  value: string,
  options: { multiline?: boolean; markup?: 'refuse' | 'strip' | 'allow' } = {},
): Verdict {
  const trimmed = value.trim();
  if (CONTROL_CHARACTERS.test(trimmed) || (!options.multiline && LINE_BREAKS.test(trimmed))) return 'refuse';
  if ((options.markup ?? 'refuse') === 'refuse' && MARKUP_PATTERN.test(trimmed)) return 'refuse';
  const kept = options.markup === 'strip' ? trimmed.replace(/[<>]/g, '') : trimmed;
  return INVISIBLE.test(kept) ? 'blank' : 'accept';
}

/** Characters no plain-text field accepts: C0/C1 controls (tab and line breaks aside) and bidi overrides. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** Tabs and line breaks, refused in one-line fields (names, company, phone). */
export const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;

/** Markup as the hooks define it (pb_hooks/lib/common/input.js). */
export const MARKUP_PATTERN = /<\s*\/?\s*[a-z!?]/i;

/** Nothing visible: whitespace and the zero-width or filler characters. */
export const INVISIBLE = /^[\s\u200B-\u200D\u2060\uFEFF\u180E\u115F\u1160\u3164\u2800]*$/;

/** The number of characters (code points) in a string, as PocketBase counts them. */
export function characters(value: string): number {
  return [...value].length;
}
