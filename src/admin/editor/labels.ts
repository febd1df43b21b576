/** The editor's pt-BR texts for mui-tiptap's table controls (its defaults are English) and code languages. */

export const TABLE_LABELS = {
  insertColumnBefore: 'Inserir coluna antes',
  insertColumnAfter: 'Inserir coluna depois',
  deleteColumn: 'Excluir coluna',
  insertRowAbove: 'Inserir linha acima',
  insertRowBelow: 'Inserir linha abaixo',
  deleteRow: 'Excluir linha',
  mergeCells: 'Mesclar células',
  splitCell: 'Dividir célula',
  toggleHeaderRow: 'Linha de cabeçalho',
  toggleHeaderColumn: 'Coluna de cabeçalho',
  toggleHeaderCell: 'Célula de cabeçalho',
  deleteTable: 'Excluir tabela',
};

/** Languages offered for a code block: the site highlights them (Shiki); '' is plain text. */
export const CODE_LANGUAGES = [
  { value: '', label: 'Texto' },
  { value: 'cpp', label: 'C++ / Arduino' },
  { value: 'c', label: 'C' },
  { value: 'python', label: 'Python' },
  { value: 'javascript', label: 'JavaScript' },
  { value: 'typescript', label: 'TypeScript' },
  { value: 'json', label: 'JSON' },
  { value: 'bash', label: 'Shell' },
  { value: 'ini', label: 'INI' },
  { value: 'yaml', label: 'YAML' },
  { value: 'html', label: 'HTML' },
  { value: 'css', label: 'CSS' },
  { value: 'sql', label: 'SQL' },
] as const;
