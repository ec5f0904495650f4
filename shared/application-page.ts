import { APPLICATION_PATH, APPLICATION_SENT_PATH } from './application';
import { PRIVACY_PATH } from './content';
import { FIELDS_TO_FIX } from './form-messages';

// The texts of the application form and its pages (docs/requirements.md §4.6), typed data as shared/content.ts's.

export const applicationPage = {
  path: APPLICATION_PATH,
  title: 'Trabalhe conosco: candidatura',
  description: 'Candidate-se a uma vaga ou entre no banco de talentos: motoristas, operação e administrativo.',
  heading: 'Candidatura',
  lead: 'Preencha os seus dados e anexe o currículo em PDF. Lemos todas as candidaturas.',
  backHome: 'Voltar ao site',
  requiredNote: 'Campos com * são obrigatórios.',
  groups: { you: 'Seus dados', position: 'Vaga', driver: 'Para motoristas', cv: 'Currículo e mensagem' },
  fields: {
    nome: 'Nome completo',
    email: 'E-mail',
    telefone: 'Telefone ou WhatsApp',
    cidade: 'Cidade onde mora',
    uf: 'UF',
    vaga: 'Vaga',
    banco: 'Quero ficar no banco de talentos para outras vagas',
    cnh: 'Categoria da CNH',
    experience: 'Anos de experiência por tipo de veículo',
    mopp: 'Tenho o curso MOPP (cargas perigosas) válido',
    mensagem: 'Mensagem (opcional)',
    curriculo: 'Currículo em PDF (até 5 MB)',
    consentimento: 'Li e concordo com o uso dos meus dados descrito acima.',
  },
  talentPool: 'Banco de talentos (nenhuma vaga específica)',
  noCnh: 'Não tenho / não se aplica',
  trapLabel: 'Não preencha este campo',
  submit: 'Enviar candidatura',
  submitting: 'Enviando…',
  errorFallback: 'Não foi possível enviar agora. Verifique sua conexão e tente novamente.',
  /** Above the form, over the list of what to fix. */
  invalid: FIELDS_TO_FIX,
  consent: {
    heading: 'Como usamos os seus dados',
    what: 'Coletamos o que você preencher aqui e o seu currículo.',
    why: 'Usamos esses dados só para avaliar a sua candidatura a vagas na empresa (LGPD art. 7º, V e IX).',
    howLong: (days: number) =>
      `Guardamos a candidatura e o currículo por até ${days} dias; se você não escolher o banco de talentos, eles são apagados quando o processo seletivo termina.`,
    who: 'Só a administração do site, que conduz as contratações, vê a candidatura e o currículo; eles não vão para o comercial nem para sistemas de terceiros.',
    more: 'Saiba mais no Aviso de Privacidade',
    privacyHref: `${PRIVACY_PATH}#candidaturas`,
  },
  sent: {
    path: APPLICATION_SENT_PATH,
    title: 'Candidatura enviada',
    heading: 'Candidatura recebida!',
    text: 'Obrigado. A nossa equipe vai ler o seu currículo e entra em contato se o seu perfil combinar com a vaga.',
    back: 'Voltar ao site',
  },
} as const;

/**
 * The privacy notice's section on applications, built from APPLICATION_RETENTION_DAYS (docs/requirements.md §10.18).
 */
export const applicationPrivacy = {
  id: 'candidaturas',
  heading: 'Candidaturas a vagas',
  text: 'Pelo formulário “Trabalhe conosco” coletamos nome, e-mail, telefone, cidade, a vaga escolhida, para motoristas a categoria da CNH, os anos de experiência por tipo de veículo e o curso MOPP, a mensagem e o currículo em PDF. Usamos esses dados só para avaliar a candidatura (LGPD art. 7º, V e IX); só a administração do site os vê.',
  retention: (days: number) =>
    `A candidatura e o currículo são apagados ${days} dias depois de enviados, ou um dia depois do fim do processo seletivo (contratação ou encerramento), a menos que você tenha escolhido o banco de talentos; antes, se você pedir.`,
} as const;
