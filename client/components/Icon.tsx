import {
  Award,
  BadgeCheck,
  Calendar,
  Clock,
  Cpu,
  Eye,
  Factory,
  FlaskConical,
  Gauge,
  Handshake,
  Headset,
  type IconNode,
  Leaf,
  MapPin,
  Package,
  Route,
  Satellite,
  ShieldCheck,
  Target,
  TrendingUp,
  Truck,
  Users,
  Wheat,
  Wine,
} from 'lucide';
import type { IconName } from '../../shared/content';
import { Glyph } from './Glyph';

/** Each icon a piece of content may name, as Lucide draws it. */
export const CONTENT_ICONS: Record<IconName, IconNode> = {
  award: Award,
  badgeCheck: BadgeCheck,
  calendar: Calendar,
  clock: Clock,
  cpu: Cpu,
  eye: Eye,
  factory: Factory,
  flask: FlaskConical,
  gauge: Gauge,
  handshake: Handshake,
  headset: Headset,
  leaf: Leaf,
  mapPin: MapPin,
  package: Package,
  route: Route,
  satellite: Satellite,
  shieldCheck: ShieldCheck,
  target: Target,
  trendingUp: TrendingUp,
  truck: Truck,
  users: Users,
  wheat: Wheat,
  wine: Wine,
};

/** The icon a piece of content names (see shared/content.ts). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <Glyph icon={CONTENT_ICONS[name]} className={className} />;
}
