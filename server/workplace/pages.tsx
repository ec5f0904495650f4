import type { Response } from 'express';
import type { ComponentProps, FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
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
import { PositionFormPage, PositionsPage } from '../../client/team/PositionPages';
import {
  CodeEntryPage,
  CodeRequestPage,
  DeadLinkPage,
  InvitationPage,
  SetupPage,
  SignInPage,
} from '../../client/team/SignInPages';
import { ForbiddenPage, type TeamAssets, TeamDocument } from '../../client/team/TeamDocument';
import { RevokePage, TeamPage } from '../../client/team/TeamPage';
import type { Manifest } from '../pages/assets';
import { BoardPage } from '../shipments/views/Board';
import { IntegrationsPage } from '../shipments/views/IntegrationsPage';
import { OpenForm } from '../shipments/views/OpenForm';
import { ShipmentPage } from '../shipments/views/ShipmentPage';

/** Each page of the workplace: its view and its title. */
const VIEWS = {
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
  forbidden: { view: ForbiddenPage, title: 'Sem permissão' },
  lead: { view: LeadPage, title: 'Lead' },
  proposal: { view: ProposalForm, title: 'Proposta' },
  suspects: { view: SuspectsPage, title: 'Suspeitos de spam' },
  lanes: { view: LanesPage, title: 'Rotas' },
  anttTables: { view: AnttTablesPage, title: 'Tabelas da ANTT' },
  anttTable: { view: AnttTablePage, title: 'Tabela da ANTT' },
  positions: { view: PositionsPage, title: 'Vagas' },
  applications: { view: ApplicationsFolder, title: 'Candidaturas' },
  application: { view: ApplicationView, title: 'Candidatura' },
  applicationMissing: { view: ForbiddenPage, title: 'Candidatura não encontrada' },
  positionForm: { view: PositionFormPage, title: 'Vaga' },
  shipments: { view: BoardPage, title: 'Embarques' },
  shipment: { view: ShipmentPage, title: 'Embarque' },
  shipmentOpen: { view: OpenForm, title: 'Abrir embarque' },
  shipmentMissing: { view: ForbiddenPage, title: 'Embarque não encontrado' },
  integrations: { view: IntegrationsPage, title: 'Integrações' },
} satisfies Record<string, { view: FunctionComponent<never>; title: string }>;

export type WorkplaceView = keyof typeof VIEWS;

/** Renders the workplace's pages: on the server only, never hydrated; the passkey script works on the plain HTML. */
export function workplacePages(manifest: Manifest) {
  const assets: TeamAssets = {
    css: manifest.css.text,
    favicon: manifest.favicon,
    stylesheet: manifest.team.stylesheet,
    script: manifest.team.script,
  };
  return <V extends WorkplaceView>(
    res: Response,
    status: number,
    name: V,
    props: ComponentProps<(typeof VIEWS)[V]['view']>,
  ) => {
    const signedIn = res.locals.signedIn;
    const viewer = signedIn && {
      name: signedIn.member.name,
      role: signedIn.member.role,
      enrolOnly: signedIn.purpose === 'enrol',
    };
    // The signature above ties `props` to `name`'s view; TypeScript cannot follow it through the lookup.
    const { view: View, title } = VIEWS[name] as unknown as { view: FunctionComponent<object>; title: string };
    const html = renderToStaticMarkup(
      <TeamDocument title={title} assets={assets} viewer={viewer}>
        <View {...(props as object)} />
      </TeamDocument>,
    );
    // Personal data (a name, an e-mail, the team) on a page that changes with each action: no cache,
    // shared or private, keeps it (ASVS 5.0 14.3.2).
    res.status(status).set('Cache-Control', 'no-store').type('html').send(`<!doctype html>${html}`);
  };
}

export type RenderWorkplacePage = ReturnType<typeof workplacePages>;
