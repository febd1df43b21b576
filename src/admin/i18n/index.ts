import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations } from 'ra-core';
import { panelMessages } from './panel';
import { raPortuguese } from './ra-pt-br';
import { resourceMessages } from './resources';

export const messages = mergeTranslations(raPortuguese, { resources: resourceMessages, admin: panelMessages });

export const i18nProvider = polyglotI18nProvider(() => messages, 'pt-BR', [{ locale: 'pt-BR', name: 'Português (Brasil)' }]);
