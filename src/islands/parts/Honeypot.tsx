/** Name of the form field that only bots fill; the server refuses records that carry it. */
const HONEYPOT_FIELD = 'website';

/** A field hidden from people and assistive technology, filled by bots that fill every input. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Não preencha este campo
        <input name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/** True when a submitted form carries a filled honeypot (a bot): pretend success, send nothing. */
export function isBot(form: HTMLFormElement): boolean {
  return String(new FormData(form).get(HONEYPOT_FIELD) ?? '') !== '';
}
