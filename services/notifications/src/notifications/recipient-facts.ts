/**
 * What storing one notification needs to know, read in one prepared statement (decision 040): is
 * the pair kept apart by a block (either way, decision 036), does the recipient's switch for the
 * type let it through, which language they read, and how the actor shows. Read separately these
 * were four round trips per notification, each built by Drizzle, on every like and comment.
 */
import type { NotificationType } from '@kora/contracts';
import { notBlockedWith, preparedSql, type PreparedSql, type Tx } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Notifications } from '../context.js';
import { actorView, type ActorView } from '../projections/members.js';
import { readableLanguage } from '../projections/settings.js';
import { switchOf, wantsNotificationSql } from '../rules/wants-notification.js';

export interface RecipientFacts {
  /** Neither blocked the other and the recipient's switch is on. */
  mayTell: boolean;
  language: string;
  actor: ActorView;
}

interface FactsValues extends Record<string, unknown> {
  recipient: number;
  actor: number;
}

interface FactsRow {
  may_tell: boolean;
  language: string | null;
  display_name: string | null;
  profile_image: string | null;
}

function factsSql(tables: Notifications['tables'], type: NotificationType): PreparedSql<FactsValues> {
  const recipient = sql`${sql.placeholder('recipient')}::bigint`;
  const actor = sql`${sql.placeholder('actor')}::bigint`;
  return preparedSql<FactsValues>(sql`
    select ${notBlockedWith(tables.blocks, actor, recipient)} and ${wantsNotificationSql(tables, recipient, type)} as may_tell,
      (select l.language from ${tables.timezones} as l where l.user_id = ${recipient}) as language,
      m.display_name, m.profile_image
    from (select 1) as one left join ${tables.members} as m on m.user_id = ${actor}`);
}

/** One statement per schema and switch: the types behind the same switch share it. */
const factsByTables = new WeakMap<Notifications['tables'], Map<string, PreparedSql<FactsValues>>>();

export async function recipientFacts(
  n: Notifications,
  tx: Tx,
  recipientId: number,
  actorId: number,
  type: NotificationType,
): Promise<RecipientFacts> {
  let bySwitch = factsByTables.get(n.tables);
  if (!bySwitch) factsByTables.set(n.tables, (bySwitch = new Map<string, PreparedSql<FactsValues>>()));
  const key = switchOf(type) ?? '';
  let facts = bySwitch.get(key);
  if (!facts) bySwitch.set(key, (facts = factsSql(n.tables, type)));
  const [row] = await facts.rows<FactsRow>(tx, { recipient: recipientId, actor: actorId });
  const member =
    row?.display_name != null && row.profile_image != null ? { displayName: row.display_name, profileImage: row.profile_image } : null;
  return { mayTell: row?.may_tell ?? false, language: readableLanguage(row?.language), actor: actorView(actorId, member) };
}
