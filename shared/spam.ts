// The spam quarantine's vocabulary (docs/requirements.md §10.9): why a post was held,
// in the words the inbox shows, with each signal's first weight. Shared by the server, which
// weighs posts, and the inbox's pages, which explain the weights.

/**
 * A post whose weights add up to this or more waits in the "Suspeitos" folder instead of reaching
 * the team (docs/decisions/036-spam-quarantine.md). One strong signal is enough; weak ones add up.
 */
export const SUSPECT_THRESHOLD = 1;

/**
 * Each signal, with its label and the weight it starts with, before the team's marks adapt it.
 * A signal that counts (links, other senders) weighs this much per occurrence, up to `most`. A
 * signal that holds a post alone starts above the threshold, so that a single release does not
 * undo it: the team has to overrule it several times (server/spam/learning.ts adaptedWeight).
 */
export const SUSPECT_REASONS = {
  honeypot: { label: 'Preencheu o campo que os visitantes não veem', weight: 1.5 },
  fast: { label: 'Enviado rápido demais depois de abrir a página', weight: 1.5 },
  forgedStamp: { label: 'Carimbo de tempo do formulário inválido', weight: 1.5 },
  noStamp: { label: 'Enviado sem passar pelo formulário do site', weight: 0.7 },
  links: { label: 'Links na mensagem', weight: 0.45, most: 3 },
  shortener: { label: 'Link encurtado, que esconde o destino', weight: 0.8 },
  ipLink: { label: 'Link para um endereço IP, sem nome de site', weight: 1.2 },
  linkInName: { label: 'Link no nome ou na empresa', weight: 1.2 },
  disposable: { label: 'E-mail descartável (temporário)', weight: 1.2 },
  foreignScript: { label: 'Mensagem em alfabeto que um cliente daqui não usaria', weight: 1.5 },
  gibberish: { label: 'Texto sem palavras: teclas ao acaso', weight: 1.2 },
  repeated: { label: 'Mesma mensagem enviada por outros endereços na última hora', weight: 0.5, most: 2 },
  words: { label: 'Texto comparado a exemplos de pedidos e de spam, e aos que a equipe já marcou', weight: 1 },
} as const satisfies Record<string, { label: string; weight: number; most?: number }>;

export type SuspectReason = keyof typeof SUSPECT_REASONS;

/** One signal a post showed: its weight as it counted for this post, and what was seen. */
export type Finding = { reason: SuspectReason; weight: number; detail?: string };

/** Where a held post stands: waiting for a look, or marked as spam by a member. */
export const SUSPECT_STATES = { suspect: 'Suspeitos', spam: 'Marcados como spam' } as const;

export type SuspectState = keyof typeof SUSPECT_STATES;
