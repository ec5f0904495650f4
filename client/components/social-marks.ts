import type { IconNode } from 'lucide';
import type { company } from '../../shared/content';

type Network = (typeof company.social)[number]['network'];

/** Lucide no longer ships brand icons, so these three simple marks are drawn here, as Lucide's data is. */
export const SOCIAL_MARKS: Record<Network, IconNode> = {
  instagram: [
    ['rect', { x: '3', y: '3', width: '18', height: '18', rx: '5' }],
    ['circle', { cx: '12', cy: '12', r: '4' }],
    ['circle', { cx: '17.5', cy: '6.5', r: '0.6', fill: 'currentColor' }],
  ],
  linkedin: [
    ['rect', { x: '3', y: '3', width: '18', height: '18', rx: '3' }],
    ['path', { d: 'M8 10.5V16M8 7.5v.01M11.5 16v-5.5M11.5 13a2.5 2.5 0 0 1 5 0v3' }],
  ],
  facebook: [
    ['path', { d: 'M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z' }],
  ],
};
