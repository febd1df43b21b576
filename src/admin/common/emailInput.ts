/** The `<input>` attributes of a field where staff type someone's e-mail: a phone's e-mail keyboard, no autocorrection. */
export const EMAIL_HTML_INPUT = { maxLength: 254, inputMode: 'email', spellCheck: false, autoCapitalize: 'none' } as const;
