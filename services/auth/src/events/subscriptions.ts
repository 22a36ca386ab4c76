/**
 * Every event this service consumes, in one place. One consumer group feeds the projections the
 * settings take effect through: members' privacy settings and the friend graph (who may
 * see a profile, who may find a member by e-mail or phone), the profile details and phone numbers,
 * the security-mail switch, and blocks (decision 036: a blocked pair's profiles and search results); and the wallet balance the sign-in record shows (decision 023).
 */
import { friendshipHandlers, memberBlockHandlers, memberPrivacyHandlers, type ConsumerDefinition } from '@kora/platform/service';
import type { Auth } from '../context.js';
import { settingsHandlers } from '../projections/settings.js';
import { walletBalanceHandlers } from '../projections/wallet-balance.js';

export function authConsumers(auth: Auth): ConsumerDefinition[] {
  const { tables } = auth;
  return [
    {
      name: 'projections',
      handlers: {
        ...memberPrivacyHandlers(tables.privacy),
        ...friendshipHandlers(tables.friendships),
        ...memberBlockHandlers(tables.blocks),
        ...settingsHandlers(tables),
        ...walletBalanceHandlers(tables),
      },
    },
  ];
}
