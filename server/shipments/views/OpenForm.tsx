import { Field } from './Field';
import type { OpenFormProps } from './model';

// /painel/embarques/novo (docs/requirements.md §12.1): a shipment for a customer who did not come
// through the site; an accepted proposal opens its own.

export function OpenForm({ values, errors, notice }: OpenFormProps) {
  const field = { values, errors };
  return (
    <>
      <p className="lead-crumb">
        <a href="/painel/embarques">Embarques</a>
      </p>
      <h1>Abrir embarque</h1>
      {notice && (
        <p className={`team-notice team-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <form method="post" action="/painel/embarques/novo" className="team-form team-card" noValidate>
        <Field name="nome" label="Cliente (nome de quem contratou)" required {...field} />
        <Field name="email" label="E-mail do cliente (recebe o código e os avisos)" type="email" {...field} />
        <Field name="empresa" label="Empresa" {...field} />
        <Field name="cnpj" label="CNPJ do cliente" {...field} />
        <Field name="origem" label="Origem (como “Campinas/SP”)" required {...field} />
        <Field name="destino" label="Destino (como “Belém/PA”)" required {...field} />
        <Field name="peso" label="Peso (toneladas)" inputMode="decimal" {...field} />
        <Field name="coleta_de" label="Coleta a partir de" type="date" required {...field} />
        <Field name="coleta_ate" label="Coleta até" type="date" required {...field} />
        <Field name="prazo" label="Prazo de entrega (dias após a coleta)" inputMode="numeric" {...field} />
        <button className="button button--primary" type="submit">
          Abrir embarque
        </button>
      </form>
    </>
  );
}
