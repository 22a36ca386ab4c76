/**
 * Opening a notification from the bell: it is marked read and the member goes to its target, a post
 * opening in the post modal over the current page (utils/post-modal.ts).
 */
import type { Notification } from '@kora/contracts';
import { useLocation, useNavigate } from '@remix-run/react';
import { useCallback } from 'react';
import { withPostModal } from '~/utils/post-modal';
import { useLiveNotifications } from './live-notifications-provider';
import { notificationTarget } from './notification-target';

export function useOpenNotification(): (notification: Notification) => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { markRead } = useLiveNotifications();
  return useCallback(
    (notification) => {
      if (!notification.readAt) markRead([notification.id]);
      const target = notificationTarget(notification);
      if (target.kind === 'post') {
        navigate({ pathname, search: withPostModal(search, target.postId) }, { preventScrollReset: true });
      } else if (target.kind === 'page') {
        navigate(target.to);
      }
    },
    [markRead, navigate, pathname, search],
  );
}
