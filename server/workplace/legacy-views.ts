import { ApplicationsFolder } from '../../client/inbox/ApplicationsFolder';
import { ApplicationView } from '../../client/inbox/ApplicationView';
import { InboxPage } from '../../client/inbox/InboxPage';
import { LeadPage } from '../../client/inbox/LeadPage';
import { ProposalForm } from '../../client/inbox/ProposalForm';
import { ReportPage } from '../../client/inbox/ReportPage';
import { SuspectsPage } from '../../client/inbox/SuspectsPage';
import { AccountPage } from '../../client/team/AccountPage';
import { AuditPage } from '../../client/team/AuditPage';
import { DataPage } from '../../client/team/DataPage';
import { AnttTablePage, AnttTablesPage, LanesPage } from '../../client/team/FreightPages';
import {
  CodeEntryPage,
  CodeRequestPage,
  DeadLinkPage,
  InvitationPage,
  SetupPage,
  SignInPage,
} from '../../client/team/SignInPages';
import { ForbiddenPage } from '../../client/team/TeamDocument';
import { RevokePage, TeamPage } from '../../client/team/TeamPage';
import type { Views } from './pages';

/** The pages of the features not yet modules, until each moves its own into its entry. */
export const LEGACY_VIEWS = {
  signIn: { view: SignInPage, title: 'Entrar' },
  codeRequest: { view: CodeRequestPage, title: 'Código por e-mail' },
  codeEntry: { view: CodeEntryPage, title: 'Digite o código' },
  invitation: { view: InvitationPage, title: 'Convite' },
  setup: { view: SetupPage, title: 'Primeiro acesso' },
  deadLink: { view: DeadLinkPage, title: 'Link expirado' },
  account: { view: AccountPage, title: 'Minha conta' },
  inbox: { view: InboxPage, title: 'Leads' },
  team: { view: TeamPage, title: 'Equipe' },
  revokeConfirm: { view: RevokePage, title: 'Revogar acesso' },
  audit: { view: AuditPage, title: 'Registro' },
  data: { view: DataPage, title: 'Dados pessoais' },
  report: { view: ReportPage, title: 'Relatório semanal' },
  lead: { view: LeadPage, title: 'Lead' },
  proposal: { view: ProposalForm, title: 'Proposta' },
  suspects: { view: SuspectsPage, title: 'Suspeitos de spam' },
  lanes: { view: LanesPage, title: 'Rotas' },
  anttTables: { view: AnttTablesPage, title: 'Tabelas da ANTT' },
  anttTable: { view: AnttTablePage, title: 'Tabela da ANTT' },
  applications: { view: ApplicationsFolder, title: 'Candidaturas' },
  application: { view: ApplicationView, title: 'Candidatura' },
  applicationMissing: { view: ForbiddenPage, title: 'Candidatura não encontrada' },
} satisfies Views;
