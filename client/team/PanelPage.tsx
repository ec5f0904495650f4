import type { Viewer } from '../../shared/team';

/** The signed-in home: where the lead inbox will sit, and the way to each part the role opens. */
export function PanelPage({ viewer }: { viewer: Viewer }) {
  return (
    <>
      <h1>Painel</h1>
      <p>Olá, {viewer.name}.</p>
      <ul className="team-links">
        <li>
          <a href="/painel/conta">Minha conta</a>: suas chaves de acesso e sessões.
        </li>
        {viewer.role === 'admin' && (
          <>
            <li>
              <a href="/painel/equipe">Equipe</a>: convites, papéis e acessos.
            </li>
            <li>
              <a href="/painel/registro">Registro</a>: quem fez o quê, e quando.
            </li>
          </>
        )}
      </ul>
    </>
  );
}
