import {
  Award, BadgeCheck, Calendar, Clock, Cpu, Eye, Factory, FlaskConical, Gauge, Handshake, Headset, Leaf,
  MapPin, Package, Route, Satellite, ShieldCheck, Target, TrendingUp, Truck, Users, Wheat, Wine,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../../shared/content';

const icons: Record<IconName, LucideIcon> = {
  award: Award, badgeCheck: BadgeCheck, calendar: Calendar, clock: Clock, cpu: Cpu, eye: Eye,
  factory: Factory, flask: FlaskConical, gauge: Gauge, handshake: Handshake, headset: Headset,
  leaf: Leaf, mapPin: MapPin, package: Package, route: Route, satellite: Satellite,
  shieldCheck: ShieldCheck, target: Target, trendingUp: TrendingUp, truck: Truck, users: Users,
  wheat: Wheat, wine: Wine,
};

/** A decorative icon: the text next to it carries the meaning. */
export function Icon({ name, className = 'icon' }: { name: IconName; className?: string }) {
  const Component = icons[name];
  return <Component className={className} aria-hidden="true" focusable="false" />;
}
