import { createContext, useContext } from 'react';

/**
 * A list that shows saved posts only (the Saved page) takes over Unsave: it drops the post from
 * the list at once and sends the call itself, because the post's own menu leaves with the post.
 */
export const UnsaveHereContext = createContext<((postId: number) => void) | null>(null);

export function useUnsaveHere(): ((postId: number) => void) | null {
  return useContext(UnsaveHereContext);
}
