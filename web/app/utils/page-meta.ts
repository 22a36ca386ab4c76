/**
 * Title and description of a page. Remix uses the deepest route's meta alone, so a page that names
 * its title must name a description too, or the page would ship without one.
 */
import { shellTexts } from '@kora/contracts';
import type { MetaDescriptor } from '@remix-run/node';

/** The site's description, read when a page's meta is written (in its language). */
export function siteDescription(): string {
  return shellTexts.siteDescription;
}

export function titleAndDescription(title: string, description: string = siteDescription()): MetaDescriptor[] {
  return [{ title }, { name: 'description', content: description }];
}
