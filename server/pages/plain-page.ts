type PlainPage = { title: string; heading: string; text: string };

/**
 * A static Portuguese page for what the React pages cannot answer (a render that failed, a
 * request target that does not parse): no script, no style, no details of the failure.
 */
export const plainPage = ({ title, heading, text }: PlainPage) =>
  '<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
  `<title>${title}</title></head><body><main><h1>${heading}</h1><p>${text}</p>` +
  '<p><a href="/">Voltar ao início</a></p></main></body></html>';
