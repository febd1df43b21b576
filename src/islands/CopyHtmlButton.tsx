import { useState } from 'react';

interface Props {
  title: string;
  html: string;
}

/** Copies a signature's HTML to the clipboard and confirms with the spec's message. */
export default function CopyHtmlButton({ title, html }: Props) {
  const [message, setMessage] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(html);
      setMessage(`Assinatura "${title}" copiada para a área de transferência!`);
    } catch {
      setMessage('Não foi possível copiar automaticamente. Selecione o código HTML abaixo e copie com Ctrl+C.');
    }
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
