/**
 * Title and description of a page. Remix uses the deepest route's meta alone, so a page that names
 * its title must name a description too, or the page would ship without one.
 */
import type { MetaDescriptor } from '@remix-run/node';

export const SITE_DESCRIPTION = 'Connect with friends and the people around you.';

export function titleAndDescription(title: string, description: string = SITE_DESCRIPTION): MetaDescriptor[] {
  return [{ title }, { name: 'description', content: description }];
}
