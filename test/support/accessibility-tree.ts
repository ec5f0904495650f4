import type { Page } from 'playwright-core';

export type SpokenState = { role?: string; name?: string; expanded?: boolean };

/**
 * What Chromium itself tells assistive technology about the element `selector` names: its role,
 * accessible name and expanded state, read from the browser's accessibility tree (CDP), not
 * from attributes. `expanded` is undefined when the element states none.
 */
export async function spokenState(page: Page, selector: string): Promise<SpokenState> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes.find((candidate) => !candidate.ignored) ?? nodes[0]!;
    const expanded = node.properties?.find((property) => property.name === 'expanded')?.value.value as
      | boolean
      | undefined;
    return { role: node.role?.value as string | undefined, name: node.name?.value as string | undefined, expanded };
  } finally {
    await cdp.detach();
  }
}
