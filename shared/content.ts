/**
 * Every text and figure of the site, as typed data. Separate named exports on purpose:
 * the browser bundle imports only what the islands need (navigation, form texts), and
 * esbuild drops the rest, so the page's copy is never shipped twice.
 */

import { openingHoursText } from './opening-hours';
import type { OpenPosition } from './positions';
import { QUOTE_PATH, QUOTE_SENT_PATH } from './quote-form';

/**
 * PLACEHOLDERS — replace with the company's real data before going live (see README).
 * Everything that identifies the company lives here and nowhere else.
 */
export const company = {
  name: 'Transportadora Rota Norte',
  shortName: 'Rota Norte',
  /** The word under the short name in the logo. */
  tagline: 'Transportes',
  legalName: 'Rota Norte Transportes Ltda. (razão social de exemplo)',
  cnpj: '00.000.000/0001-00',
  phone: { display: '(11) 0000-0000', href: 'tel:+551100000000' },
  whatsapp: { display: '(11) 90000-0000', href: 'https://wa.me/5511900000000' },
  email: 'contato@exemplo.com.br',
  address: {
    street: 'Rua Exemplo, 1000 — Distrito Industrial',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '00000-000',
  },
  /** Who answers for the personal data (LGPD art. 41, the "encarregado"), named in the privacy notice. */
  dataProtection: { name: 'Encarregado(a) de dados (nome de exemplo)', email: 'privacidade@exemplo.com.br' },
  // Placeholders until the real profiles exist; the footer keeps them pointing nowhere.
  social: [
    { network: 'instagram', label: 'Siga no Instagram', href: '#' },
    { network: 'linkedin', label: 'Siga no LinkedIn', href: '#' },
    { network: 'facebook', label: 'Siga no Facebook', href: '#' },
  ],
} as const;

/**
 * The response promise, in business hours (docs/requirements.md §9.2, §9.4): what the page says, and
 * what the inbox's clock counts (shared/business-hours.ts).
 */
export const RESPONSE_PROMISE_HOURS = 2;
const withinPromise = `em até ${RESPONSE_PROMISE_HOURS} horas úteis`;

/**
 * Opening hours and response time (docs/requirements.md §9.2), shared by the header bar, contact
 * section and footer.
 */
export const serviceHours = /* @__PURE__ */ (() => ({
  short: openingHoursText(),
  support: 'Suporte e rastreamento 24/7',
  response: `Resposta ${withinPromise}`,
}))();

/** The brand's navy: the browser's toolbar on phones (the page's theme-color) and the web app manifest. */
export const THEME_COLOR = '#0b2545';

export type NavLink = { href: `#${string}`; label: string };

/**
 * The shipper's tracking page and the landing page's two ways to it: the header's contact bar and
 * the Tecnologia section's 'Rastreamento' card (docs/requirements.md §12.9).
 */
export const trackingEntry = {
  path: '/rastreio',
  headerLabel: 'Rastrear carga',
  cardLabel: 'Rastrear uma carga',
} as const;

/** The nine header links (docs/requirements.md §2.3), each landing on its section (§2.2). */
export const navLinks: NavLink[] = [
  { href: '#home', label: 'Início' },
  { href: '#about', label: 'Sobre' },
  { href: '#services', label: 'Serviços' },
  { href: '#fleet', label: 'Frota' },
  { href: '#technology', label: 'Tecnologia' },
  { href: '#areas', label: 'Áreas de atuação' },
  { href: '#certifications', label: 'Certificações' },
  { href: '#careers', label: 'Trabalhe conosco' },
  { href: '#contact', label: 'Contato' },
];

/** Texts of the header menu island (kept apart so the island bundle stays small). */
export const menuTexts = {
  navLabel: 'Menu principal',
  toggle: 'Menu',
  open: 'Abrir menu',
  close: 'Fechar menu',
};

// esbuild keeps any top-level expression that reads `company.name` (a property read might have
// side effects), so texts built from it are wrapped in pure calls that tree-shaking can drop.
export const seo = /* @__PURE__ */ (() => ({
  title: `${company.name} — Transporte rodoviário de cargas Sudeste ↔ Norte`,
  description:
    'Transporte rodoviário de carga fechada (FTL) entre o Sudeste e o Norte do Brasil, com frota própria, rastreamento 24/7 e 99,8% de pontualidade.',
  imageAlt: `${company.name}: carga fechada entre o Sudeste e o Norte do Brasil`,
}))();

/** Texts of the contact form island, including the states and toasts of docs/requirements.md §4.1 and §8.2. */
/** Where the privacy notice lives: the form's notice and the footer link to it. */
export const PRIVACY_PATH = '/privacidade';

export const contactForm = {
  requiredNote: 'Campos marcados com * são obrigatórios.',
  fields: {
    name: { label: 'Nome completo', placeholder: 'Seu nome' },
    email: { label: 'E-mail', placeholder: 'voce@empresa.com.br' },
    phone: { label: 'Telefone ou WhatsApp', placeholder: '(00) 00000-0000' },
    company: { label: 'Empresa', placeholder: 'Nome da empresa' },
    message: {
      label: 'Mensagem',
      placeholder: 'Como podemos ajudar? Para cotar um frete, use o pedido de cotação.',
    },
  },
  submit: 'Enviar solicitação',
  submitting: 'Enviando...',
  /** Under the button: what the data is for, and where the notice says the rest (LGPD art. 9). */
  // Short on purpose: "/" and its headers must fit the first round trip (bench/size.ts checks it).
  privacyNotice: { link: 'Como usamos seus dados', href: PRIVACY_PATH },
  successTitle: 'Solicitação enviada com sucesso!',
  successDescription: `Nossa equipe entrará em contato ${withinPromise}.`,
  errorTitle: 'Erro ao enviar solicitação',
  errorFallback: 'Tente novamente mais tarde.',
  /** Names read by screen readers: the toasts' region (Alt+T focuses it) and their close button. */
  toastRegion: 'Notificações (Alt+T)',
  closeToast: 'Fechar notificação',
  /** The honeypot's label; hidden from people, so only a bot reads it. */
  trapLabel: 'Deixe este campo em branco',
};

/** The quote form's page (docs/requirements.md §2.1, §4.5), a document of its own. */
export const quotePage = /* @__PURE__ */ (() => ({
  path: QUOTE_PATH,
  title: `Solicitar cotação de frete — ${company.name}`,
  description: `Peça a cotação de um frete de carga fechada entre o Sudeste e o Norte: origem, destino, carga, peso e veículo. Resposta ${withinPromise}.`,
  heading: 'Solicitar cotação',
  lead: `Conte-nos sobre a carga e a rota. Nossa equipe responde ${withinPromise}.`,
  backHome: 'Voltar ao site',
}))();

/** Where a quote sent without JavaScript lands, and the island after a success. */
export const quoteSentPage = /* @__PURE__ */ (() => ({
  path: QUOTE_SENT_PATH,
  title: `Cotação solicitada — ${company.name}`,
  heading: 'Pedido de cotação enviado!',
  text: `Recebemos o seu pedido. Nossa equipe entrará em contato ${withinPromise}.`,
  another: 'Pedir outra cotação',
}))();

/** The quote form's texts (client/islands/QuoteForm.tsx); the choices' names are their definitions' (shared/quote-choices.ts, shared/freight.ts). */
export const quoteForm = {
  requiredNote: 'Campos marcados com * são obrigatórios.',
  groups: { route: 'Rota', cargo: 'Carga', contact: 'Seus dados' },
  fields: {
    'origin.city': { label: 'Município de origem', placeholder: 'Ex.: Campinas' },
    // Shown as 'UF' beside its municipality; read whole by screen readers.
    'origin.state': { label: 'UF', unseen: ' de origem' },
    'destination.city': { label: 'Município de destino', placeholder: 'Ex.: Belém' },
    'destination.state': { label: 'UF', unseen: ' de destino' },
    cargoType: { label: 'Tipo de carga (ANTT)' },
    segment: { label: 'Segmento' },
    weightTons: { label: 'Peso (toneladas)', placeholder: 'Ex.: 27,5' },
    vehicle: { label: 'Veículo' },
    goodsValue: { label: 'Valor da mercadoria (R$)', placeholder: 'Ex.: 150.000,00' },
    pickupDate: { label: 'Data de coleta' },
    frequency: { label: 'Frequência' },
    name: { label: 'Nome completo', placeholder: 'Seu nome' },
    email: { label: 'E-mail', placeholder: 'voce@empresa.com.br' },
    phone: { label: 'Telefone ou WhatsApp', placeholder: '(00) 00000-0000' },
    company: { label: 'Empresa', placeholder: 'Nome da empresa' },
    cnpj: { label: 'CNPJ', placeholder: '00.000.000/0000-00' },
    notes: { label: 'Observações', placeholder: 'Paletizada, descarga com doca, horários…' },
  },
  placeHint: 'Digite o nome e escolha na lista; sem a lista, informe a UF.',
  choose: 'Selecione',
  noVehicle: 'Sem preferência',
  suggestions: {
    label: 'Municípios',
    count: (count: number) =>
      count === 0
        ? 'Nenhum município encontrado.'
        : count === 1
          ? '1 município encontrado.'
          : `${count} municípios encontrados.`,
    loading: 'Carregando a lista de municípios…',
    failed: 'A lista de municípios não carregou: digite o nome e escolha a UF.',
  },
  submit: 'Solicitar cotação',
  submitting: 'Enviando...',
  privacyNotice: { link: 'Como usamos seus dados', href: PRIVACY_PATH },
  errorTitle: 'Não foi possível enviar o pedido.',
  errorFallback: 'Tente novamente mais tarde.',
  trapLabel: 'Deixe este campo em branco',
};

/** The 404 texts are fixed by the spec, in English (docs/requirements.md §2.6). */
export const notFound = /* @__PURE__ */ (() => ({
  title: `Página não encontrada — ${company.name}`,
  code: '404',
  heading: 'Oops! Page not found',
  backHome: 'Return to Home',
}))();

/** Icons are named here and mapped to Lucide's drawings in client/components/Icon.tsx. */
export type IconName =
  | 'truck'
  | 'route'
  | 'clock'
  | 'shieldCheck'
  | 'mapPin'
  | 'package'
  | 'users'
  | 'headset'
  | 'target'
  | 'eye'
  | 'handshake'
  | 'leaf'
  | 'award'
  | 'wine'
  | 'wheat'
  | 'flask'
  | 'factory'
  | 'cpu'
  | 'satellite'
  | 'calendar'
  | 'gauge'
  | 'badgeCheck'
  | 'trendingUp';

export type Figure = { value: string; label: string; icon: IconName };

export const hero = {
  eyebrow: 'Carga fechada · Sudeste ↔ Norte',
  title: 'Sua carga do Sudeste ao Norte, no prazo e com segurança',
  lead: 'Transporte rodoviário de carga fechada (FTL) com frota própria, motoristas experientes e rastreamento 24/7 em todo o trajeto entre SP, MG, RJ, ES e os estados do Norte.',
  primaryCta: { label: 'Solicitar cotação', href: QUOTE_PATH },
  secondaryCta: { label: 'Conheça nossos serviços', href: '#services' },
  image: {
    src: '/images/hero-rota.svg',
    alt: 'Ilustração de uma carreta em uma rodovia, com a rota do Sudeste ao Norte traçada no mapa do Brasil',
    width: 640,
    height: 480,
  },
  figures: [
    { value: '99,8%', label: 'de pontualidade', icon: 'clock' },
    { value: '24/7', label: 'suporte e rastreamento', icon: 'satellite' },
    { value: 'Desde 2011', label: 'na estrada', icon: 'calendar' },
  ] satisfies Figure[],
};

export const achievements = {
  eyebrow: 'Resultados',
  title: 'Números que mostram nosso compromisso',
  lead: 'Mais de uma década levando cargas com pontualidade entre as regiões Sudeste e Norte.',
  figures: [
    { value: '+10 mil', label: 'entregas realizadas', icon: 'package' },
    { value: '99,8%', label: 'de pontualidade nas entregas', icon: 'clock' },
    { value: '+200', label: 'clientes atendidos', icon: 'handshake' },
    { value: '+5 milhões', label: 'de km rodados', icon: 'route' },
  ] satisfies Figure[],
};

export type TextBlock = { title: string; text: string; icon: IconName };
/** A card that leads somewhere: the 'Rastreamento' card to the tracking page (§12.9). */
type LinkedBlock = TextBlock & { link?: { href: string; label: string } };

export const about = {
  eyebrow: 'Sobre nós',
  title: 'Mais de uma década ligando o Sudeste ao Norte',
  history: {
    title: 'Nossa história',
    paragraphs: [
      'Fundada em 17 de janeiro de 2011, nossa transportadora nasceu com um objetivo claro: ligar a indústria do Sudeste aos mercados do Norte do Brasil com um transporte rodoviário em que o cliente pode confiar.',
      'Desde então, especializamo-nos em carga fechada nas rotas que cruzam o país — longas distâncias, estradas exigentes e prazos apertados — e crescemos junto com nossos clientes, sempre com frota própria e equipe dedicada.',
    ],
    since: { value: '2011', label: 'Fundada em 17 de janeiro de 2011' },
  },
  mission: {
    title: 'Missão',
    text: 'Transportar a carga de nossos clientes entre o Sudeste e o Norte com segurança, pontualidade e transparência em cada etapa da viagem.',
    icon: 'target',
  } satisfies TextBlock,
  vision: {
    title: 'Visão',
    text: 'Ser a transportadora de referência em carga fechada nas rotas Sudeste ↔ Norte, reconhecida pela confiabilidade e pelo cuidado com pessoas e cargas.',
    icon: 'eye',
  } satisfies TextBlock,
  valuesTitle: 'Nossos valores',
  values: [
    {
      title: 'Segurança',
      text: 'Motoristas treinados, veículos revisados e rotas planejadas para proteger vidas e cargas.',
      icon: 'shieldCheck',
    },
    { title: 'Pontualidade', text: 'Prazo combinado é prazo cumprido, do carregamento à descarga.', icon: 'clock' },
    {
      title: 'Transparência',
      text: 'Informação clara sobre cada viagem, com rastreamento e atendimento 24/7.',
      icon: 'satellite',
    },
    { title: 'Parceria', text: 'Relações de longo prazo com clientes, motoristas e fornecedores.', icon: 'handshake' },
  ] satisfies TextBlock[],
  team: {
    title: 'Nossa equipe',
    text: 'Pessoas que conhecem a estrada e a operação: quem dirige, quem planeja e quem acompanha cada carga até o destino.',
    members: [
      {
        value: '30+',
        label: 'motoristas',
        text: 'Profissionais experientes em longas distâncias nas rodovias do Sudeste e do Norte.',
        icon: 'truck',
      },
      {
        value: '8+',
        label: 'especialistas',
        text: 'Equipe de operação, monitoramento e atendimento que acompanha cada embarque.',
        icon: 'headset',
      },
    ] satisfies (Figure & { text: string })[],
  },
};

export type ServiceCard = { title: string; text: string; icon: IconName; features: string[] };

export const services = {
  eyebrow: 'Serviços',
  title: 'Soluções em transporte de carga fechada',
  lead: 'O veículo inteiro dedicado à sua carga, do carregamento na origem à entrega no destino, sem baldeações.',
  cards: [
    {
      title: 'Carga fechada (FTL)',
      text: 'Veículo exclusivo para o seu embarque, com coleta na origem e entrega direta no destino.',
      icon: 'truck',
      features: ['Sem baldeação nem compartilhamento de carga', 'Carretas de 28 t e 45 t', 'Coleta agendada'],
    },
    {
      title: 'Rotas Sudeste ↔ Norte',
      text: 'Ligação regular entre SP, MG, RJ e ES e os estados do Norte, nos dois sentidos.',
      icon: 'route',
      features: [
        'Planejamento de rota e paradas',
        'Aproveitamento de frete de retorno',
        'Equipe que conhece as rodovias da região',
      ],
    },
    {
      title: 'Transporte dedicado',
      text: 'Operação contínua para empresas com embarques frequentes, com frota e equipe reservadas.',
      icon: 'calendar',
      features: ['Programação semanal ou mensal', 'Atendimento por especialista', 'Relatórios de entregas'],
    },
    {
      title: 'Rastreamento 24/7',
      text: 'Monitoramento de cada veículo durante toda a viagem, com suporte a qualquer hora.',
      icon: 'satellite',
      features: ['Acompanhamento em tempo real', 'Alertas de ocorrências', 'Suporte e rastreamento 24/7'],
    },
  ] satisfies ServiceCard[],
};

export type FleetCard = {
  title: string;
  text: string;
  tags: string[];
  image: { src: string; alt: string; width: number; height: number };
};

export const fleet = {
  eyebrow: 'Frota',
  title: 'Frota própria, moderna e rastreada',
  tagsLabel: 'Especificações',
  lead: 'Veículos novos reduzem paradas não programadas e mantêm o prazo da sua carga em rotas de longa distância.',
  cards: [
    {
      title: 'Carreta — 28 t',
      text: 'Cavalo mecânico com semirreboque para cargas fechadas de médio e grande volume.',
      tags: ['Capacidade 28 t', 'Carga fechada', 'Rastreada 24/7'],
      image: {
        src: '/images/frota-28t.svg',
        alt: 'Ilustração de uma carreta de 28 toneladas',
        width: 480,
        height: 240,
      },
    },
    {
      title: 'Carreta de alta capacidade — 45 t',
      text: 'Composição com dois semirreboques para embarques maiores, com melhor custo por tonelada transportada.',
      tags: ['Capacidade 45 t', 'Alta capacidade', 'Rastreada 24/7'],
      image: {
        src: '/images/frota-45t.svg',
        alt: 'Ilustração de uma carreta com dois semirreboques, capacidade de 45 toneladas',
        width: 480,
        height: 240,
      },
    },
  ] satisfies FleetCard[],
  highlights: [
    { value: '2,5 anos', label: 'idade média da frota', icon: 'gauge' },
    { value: '28 t e 45 t', label: 'capacidades disponíveis', icon: 'truck' },
    { value: '24/7', label: 'rastreamento de todos os veículos', icon: 'satellite' },
  ] satisfies Figure[],
};

export const areas = {
  eyebrow: 'Áreas de atuação',
  title: 'Onde e para quem transportamos',
  lead: 'Conectamos os polos industriais do Sudeste aos centros de consumo e distribuição do Norte.',
  routes: [
    { region: 'Sudeste', states: ['SP', 'MG', 'RJ', 'ES'] },
    { region: 'Norte', states: ['PA', 'AM', 'AP', 'TO', 'RO', 'RR', 'AC'] },
  ],
  routesNote: 'Embarques nos dois sentidos, com planejamento de rota para cada operação.',
  map: {
    src: '/images/mapa-rotas.svg',
    alt: 'Mapa do Brasil com as rotas entre a região Sudeste e a região Norte',
    width: 400,
    height: 400,
  },
  industriesTitle: 'Segmentos atendidos',
  industries: [
    {
      title: 'Bebidas',
      text: 'Embarques paletizados de bebidas, com cuidado na amarração e no manuseio.',
      icon: 'wine',
    },
    {
      title: 'Alimentos',
      text: 'Produtos alimentícios secos e embalados, com controle de prazo de entrega.',
      icon: 'wheat',
    },
    {
      title: 'Químicos',
      text: 'Produtos químicos transportados conforme as normas e com motoristas treinados.',
      icon: 'flask',
    },
    {
      title: 'Industrial',
      text: 'Insumos, peças e produtos acabados para a indústria e a construção.',
      icon: 'factory',
    },
    {
      title: 'Tecnologia',
      text: 'Eletrônicos e equipamentos de alto valor, com rastreamento e segurança reforçada.',
      icon: 'cpu',
    },
  ] satisfies TextBlock[],
};

export const certifications = {
  eyebrow: 'Certificações',
  title: 'Qualidade, segurança e meio ambiente',
  lead: 'Estamos em processo de certificação para formalizar as práticas que já seguimos no dia a dia.',
  status: 'Em andamento',
  cards: [
    {
      title: 'ANTT',
      text: 'Regularidade no transporte rodoviário de cargas junto à Agência Nacional de Transportes Terrestres.',
      icon: 'badgeCheck',
    },
    {
      title: 'ISO 9001',
      text: 'Sistema de gestão da qualidade para processos padronizados e melhoria contínua.',
      icon: 'award',
    },
    {
      title: 'SASSMAQ',
      text: 'Avaliação de saúde, segurança, meio ambiente e qualidade no transporte de produtos químicos.',
      icon: 'shieldCheck',
    },
    {
      title: 'Responsabilidade Ambiental',
      text: 'Manutenção preventiva e renovação da frota para reduzir consumo e emissões.',
      icon: 'leaf',
    },
  ] satisfies TextBlock[],
};

/**
 * What stands behind "rastreamento 24/7" (docs/requirements.md §2.2, §2.4). PLACEHOLDERS: each
 * "(… de exemplo)" is the owner's to replace with the real provider, place or figure (see README).
 */
export const technology = /* @__PURE__ */ (() => ({
  eyebrow: 'Tecnologia',
  title: 'O que está por trás do rastreamento 24/7',
  cards: [
    {
      title: 'Rastreamento',
      text: 'Rastreador por satélite em cada veículo (fornecedor de exemplo), posição a cada 2 minutos e bloqueio remoto.',
      icon: 'satellite',
      link: { href: trackingEntry.path, label: trackingEntry.cardLabel },
    },
    {
      title: 'Central de monitoramento',
      text: 'Central própria 24 horas em São Paulo (cidade de exemplo), em contato com o motorista.',
      icon: 'headset',
    },
    {
      title: 'Telemetria',
      text: 'Velocidade, frenagens e jornada (Lei 13.103/2015) de cada caminhão, pelo computador de bordo (sistema de exemplo).',
      icon: 'gauge',
    },
    {
      title: 'Gerenciamento de risco',
      text: 'Plano de viagem, paradas autorizadas e alertas de desvio (gerenciadora de risco de exemplo).',
      icon: 'shieldCheck',
    },
  ] satisfies LinkedBlock[] as LinkedBlock[],
}))();

/**
 * "Trabalhe conosco" (docs/requirements.md §2.2, §2.4): why work here, from the company's
 * own figures above, then the open positions the database holds (client/live-content.ts).
 */
export const careers = /* @__PURE__ */ (() => ({
  eyebrow: 'Trabalhe conosco',
  title: `Faça parte da ${company.shortName}`,
  reasons: [
    {
      title: 'Frota nova',
      text: `${fleet.highlights[0]!.value} de ${fleet.highlights[0]!.label}, revisada e rastreada.`,
      icon: 'truck',
    },
    {
      title: 'Jornada respeitada',
      text: 'Paradas planejadas e descanso cumprido (Lei 13.103/2015).',
      icon: 'clock',
    },
    {
      title: 'Equipe junto',
      text: `${about.team.members[0]!.value} ${about.team.members[0]!.label} e uma central 24/7, desde ${about.history.since.value}.`,
      icon: 'users',
    },
  ] satisfies TextBlock[],
  positionsTitle: 'Vagas abertas',
  requirements: 'Requisitos',
  apply: 'Candidatar-se',
  none: 'Nenhuma vaga aberta no momento.',
  unavailable: 'Não foi possível mostrar as vagas agora.',
  talentPool: { text: 'Não achou a sua vaga?', link: 'Entre no banco de talentos' },
}))();

export const contactSection = {
  eyebrow: 'Contato',
  title: 'Fale com a gente',
  lead: `Dúvidas, parcerias ou outros assuntos: escreva para nós. Nossa equipe responde ${withinPromise}.`,
  infoTitle: 'Atendimento',
  labels: {
    phone: 'Telefone',
    whatsapp: 'WhatsApp',
    email: 'E-mail',
    address: 'Endereço',
    postalCode: 'CEP',
    hours: 'Horário de atendimento',
  },
};

export const footer = {
  about:
    'Transporte rodoviário de carga fechada entre o Sudeste e o Norte do Brasil, com frota própria e rastreamento 24/7.',
  quickLinksTitle: 'Links rápidos',
  quickLinks: [
    { href: '#home', label: 'Início' },
    { href: '#about', label: 'Sobre nós' },
    { href: '#fleet', label: 'Frota' },
    { href: '#technology', label: 'Tecnologia' },
    { href: '#certifications', label: 'Certificações' },
    { href: '#contact', label: 'Contato' },
  ] satisfies NavLink[],
  // The services links reuse the service card titles (client/components/SiteFooter.tsx).
  servicesTitle: 'Serviços',
  contactTitle: 'Contato',
  legalTitle: 'Informações legais',
  legalLinks: [
    { href: PRIVACY_PATH, label: 'Política de Privacidade' },
    { href: '#', label: 'Termos de Uso' },
    { href: `${PRIVACY_PATH}#direitos`, label: 'Proteção de Dados' },
  ],
  socialTitle: 'Redes sociais',
  footerNavLabel: 'Rodapé',
  copyright: 'Todos os direitos reservados.',
  cnpjLabel: 'CNPJ:',
};

export const floatingContact = { href: '#contact', label: 'Fale conosco' };

/** The header's quote button; the short label replaces the long one on narrow screens. */
export const headerCta = { href: QUOTE_PATH, label: 'Solicitar cotação', shortLabel: 'Cotação' } as const;

export const skipLink = { href: '#main', label: 'Pular para o conteúdo' };

/** What the privacy notice says that depends on how the site is configured (server/process/config.ts). */
export type PrivacyFacts = {
  /** RETENTION_DAYS: 0 keeps the leads until someone asks for their erasure. */
  retentionDays: number;
  /** APPLICATION_RETENTION_DAYS: job applications and their CVs are erased after it (docs/requirements.md §10.18). */
  applicationRetentionDays: number;
  /** The SMTP relay's host, when the leads are e-mailed to sales. */
  emailProvider?: string;
  /** The webhook's host, when the leads are posted to a CRM. */
  crm?: string;
};

/**
 * What a page shows from the database rather than from this file: the open positions of "Trabalhe
 * conosco". The server reads it anew at most about once a second and renders the kept pages again
 * when it changed (docs/decisions/048-positions-on-the-kept-page.md). `positions` is undefined when
 * the database could not be read and nothing was read before.
 */
export type LiveContent = { positions?: readonly OpenPosition[] };

/**
 * The privacy notice at /privacidade (LGPD, Lei 13.709/2018, art. 9: who the controller is, what is
 * collected and why, for how long, who receives it, and the rights of art. 18 with how to use them).
 */
// Built in a pure call, as notFound is: its templates name `company`, and esbuild keeps an object
// whose template literals read another binding, so the browser bundle would carry the whole notice.
export const privacy = /* @__PURE__ */ (() => ({
  path: PRIVACY_PATH,
  title: `Aviso de Privacidade — ${company.name}`,
  description: `Como a ${company.name} trata os dados pessoais enviados pelo site: o quê, por quê, por quanto tempo, com quem, e os seus direitos.`,
  heading: 'Aviso de Privacidade',
  intro:
    'Este aviso explica, como pede a Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018, art. 9º), o que fazemos com os dados que você nos envia por este site.',
  backHome: 'Voltar ao site',
  controller: {
    heading: 'Quem cuida dos seus dados',
    text: 'A controladora dos dados é a',
    dpo: 'Encarregado(a) pelo tratamento de dados pessoais:',
  },
  collected: {
    heading: 'O que coletamos e por quê',
    form: 'Pelo formulário de contato e pelo pedido de cotação: nome, e-mail, telefone e empresa (estes dois, se você os informar), a mensagem e, na cotação, a origem, o destino, o tipo, o segmento, o peso e o valor da carga, o veículo, a data de coleta, a frequência e o CNPJ da empresa, se você o informar.',
    purpose:
      'Usamos esses dados só para responder ao seu pedido e preparar a proposta que você pediu (LGPD art. 7º, V: procedimentos preliminares a um contrato, a seu pedido). Não os vendemos e não os usamos para publicidade.',
    receipt:
      'Quando você envia um pedido, mandamos ao e-mail informado um aviso automático de recebimento, com o prazo da nossa resposta. Ele não repete nada do que você escreveu, vai no máximo uma vez por dia para o mesmo endereço e é apagado com o pedido.',
    technical:
      'Como todo site, registramos o endereço IP, a data e a hora de cada acesso e o navegador usado, para a segurança do site e para limitar abusos do formulário; esses registros de acesso são guardados por 6 meses, como exige o Marco Civil da Internet (Lei 12.965/2014, art. 15). Este site não usa cookies nem ferramentas de rastreamento.',
  },
  retention: {
    heading: 'Por quanto tempo guardamos',
    days: (days: number) =>
      `Os pedidos de contato e de cotação são apagados automaticamente ${days} dias depois de enviados, ou antes, se você pedir.`,
    forever: 'Os pedidos de contato e de cotação são guardados até que você peça que sejam apagados.',
  },
  recipients: {
    heading: 'Quem recebe os dados',
    team: 'A nossa equipe comercial, que responde aos pedidos.',
    email: (host: string) =>
      `O nosso provedor de e-mail (servidor ${host}), pelo qual cada pedido chega à equipe comercial.`,
    crm: (host: string) => `O nosso sistema de gestão de clientes (CRM, em ${host}), onde acompanhamos cada pedido.`,
    none: 'Ninguém fora da empresa: os pedidos ficam no banco de dados do site.',
  },
  rights: {
    id: 'direitos',
    heading: 'Os seus direitos',
    intro: 'A LGPD (art. 18) garante a você, a qualquer momento e de graça:',
    list: [
      'confirmar se tratamos dados seus;',
      'acessar os seus dados;',
      'corrigir dados incompletos, inexatos ou desatualizados;',
      'pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desacordo com a lei;',
      'pedir a portabilidade dos dados a outro fornecedor;',
      'pedir a eliminação dos seus dados;',
      'saber com quem compartilhamos os seus dados;',
      'saber que pode não consentir, e o que isso implica;',
      'revogar um consentimento dado.',
    ],
    how: 'Para usar qualquer um deles, escreva para',
    howDetail:
      'com o e-mail que você usou no formulário. Respondemos em até 15 dias (LGPD art. 19). Se não ficar satisfeito, você pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD), em www.gov.br/anpd.',
  },
}))();
