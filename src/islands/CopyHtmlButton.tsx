import { useState } from 'react';

interface Props {
  title: string;
  html: string;
}

/**
 * Copies a signature's HTML to the clipboard and confirms, in a live region, with
 * 'HTML copiado!' and the spec's message. A repeated copy clears the region first, so
 * screen readers announce it again.
 */
export default function CopyHtmlButton({ title, html }: Props) {
  const [message, setMessage] = useState('');

  async function copy() {
    setMessage('');
    let next: string;
    try {
      await navigator.clipboard.writeText(html);
      next = `HTML copiado! Assinatura "${title}" copiada para a área de transferência.`;
    } catch {
      next = 'Não foi possível copiar automaticamente. Selecione o código HTML abaixo e copie com Ctrl+C.';
    }
    // On the next frame: an unchanged text in a live region is not read again.
    requestAnimationFrame(() => setMessage(next));
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={copy}
        className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Copiar HTML<span className="sr-only"> da assinatura {title}</span>
      </button>
      <p role="status" className="text-sm font-medium text-chat-700">
        {message}
      </p>
    </div>
  );
}
