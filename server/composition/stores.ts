import type { FeatureModule, Services } from '../module/contract';
import type { Stores as HubStores } from '../stores';
import { MODULES } from './modules';

type StoresFactory = NonNullable<FeatureModule['stores']>;
type Modules = typeof MODULES;
type Module = Modules[number];
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (all: infer I) => void ? I : never;
type StoresOf<M> = M extends { stores: (...args: never) => infer S } ? S : never;

/** The stores the modules open, each by the name its module gives it. */
type ModuleStores = Intersection<StoresOf<Module>>;

/** The stores of the features that are not modules yet, each to move into its own entry. */
type LegacyStores = Omit<HubStores, keyof ModuleStores>;

/**
 * Every store, by name. A route or a module asks for the ones it uses by name (`{ positions }`), so
 * that a name means one store across the tree and a store's type is written once, in its module.
 */
export type Stores = ModuleStores & LegacyStores;

/** The modules' stores, in the list's order, each factory seeing those opened before it. */
export function openModuleStores<Opened extends object>(services: Services, legacy: Opened) {
  let opened: object = legacy;
  for (const module of MODULES as readonly Module[]) {
    if ('stores' in module) opened = { ...opened, ...(module.stores as StoresFactory)(services, opened as never) };
  }
  return opened as Opened & ModuleStores;
}
