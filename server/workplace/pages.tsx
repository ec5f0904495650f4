import type { Response } from 'express';
import type { FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ForbiddenPage, type TeamAssets, TeamDocument } from '../../client/team/TeamDocument';
import type { Manifest } from '../pages/assets';

/**
 * A page of the workplace: its view and its title.
 * @public (the modules' contract: server/module/)
 */
export type View = { view: FunctionComponent<never>; title: string };
/** A module's pages, by name (its entry's `views`). */
export type Views = Record<string, View>;

/** The pages every part of the workplace may render: the router's refusal among them. */
const COMMON = {
  forbidden: { view: ForbiddenPage, title: 'Sem permissão' },
} satisfies Views;

type Common = typeof COMMON;
type Known<V extends Views> = {
  [K in keyof V | keyof Common]: K extends keyof V ? V[K] : K extends keyof Common ? Common[K] : never;
};
type PropsOf<C> = C extends FunctionComponent<infer P> ? P : never;

/** Renders one of `V`'s pages (or a common one) by name, with the props its view takes. */
export type RenderWorkplacePage<V extends Views = Views> = <N extends keyof Known<V> & string>(
  res: Response,
  status: number,
  name: N,
  props: PropsOf<Known<V>[N]['view']>,
) => void;

/**
 * Renders the workplace's pages: on the server only, never hydrated; the passkey script works on the
 * plain HTML. Each module's routes get a renderer of its own views (server/composition/workplace.ts).
 */
export function workplacePages(manifest: Manifest) {
  const assets: TeamAssets = {
    css: manifest.css.text,
    favicon: manifest.favicon,
    stylesheet: manifest.team.stylesheet,
    script: manifest.team.script,
  };
  return <V extends Views>(views: V): RenderWorkplacePage<V> => {
    const known: Views = { ...COMMON, ...views };
    return (res, status, name, props) => {
      const signedIn = res.locals.signedIn;
      const viewer = signedIn && {
        name: signedIn.member.name,
        role: signedIn.member.role,
        enrolOnly: signedIn.purpose === 'enrol',
      };
      // The signature above ties `props` to `name`'s view; TypeScript cannot follow it through the lookup.
      const { view: View, title } = known[name] as unknown as { view: FunctionComponent<object>; title: string };
      const html = renderToStaticMarkup(
        <TeamDocument title={title} assets={assets} viewer={viewer}>
          <View {...(props as object)} />
        </TeamDocument>,
      );
      // Personal data (a name, an e-mail, the team) on a page that changes with each action: no cache,
      // shared or private, keeps it (ASVS 5.0 14.3.2).
      res.status(status).set('Cache-Control', 'no-store').type('html').send(`<!doctype html>${html}`);
    };
  };
}
