import { useEffect, useState } from 'react';
import { SMALL_SCREEN_QUERY } from './video-sources';

/** Whether the viewport is a phone's (false on the server and until the first effect). */
export function useSmallScreen(): boolean {
  const [small, setSmall] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(SMALL_SCREEN_QUERY);
    setSmall(query.matches);
    const onChange = () => setSmall(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return small;
}
