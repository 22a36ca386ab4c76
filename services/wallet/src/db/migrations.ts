/**
 * Migrations of the `wallet` schema, applied in order at start-up and by `npm run migrate`. The
 * platform adds the outbox and processed-events tables first. Never edit a released migration: add
 * a new one.
 *
 * Money is kobo in bigint columns, never a float (decision 023). The ledger is double entry: every
 * movement is a ledger transaction whose entries add up to zero, written in one database
 * transaction with its outbox event; entries are never updated or deleted. PostgreSQL itself refuses
 * an unbalanced transaction (a deferred constraint trigger checks each at commit) and a negative
 * member balance (a check on the cached balance).
 */
import type { Migration } from '@kora/platform/service';

export const migrations: Migration[] = [
  {
    id: '0001_wallet',
    sql: `
      -- The ledger's accounts: one wallet per member (made on their first movement) and the two
      -- system accounts money moves against.
      create table {schema}.accounts (
        id bigint generated always as identity primary key,
        kind text not null check (kind in ('member_wallet', 'provider_clearing', 'revenue')),
        user_id bigint,
        check ((kind = 'member_wallet') = (user_id is not null))
      );
      create unique index accounts_member_idx on {schema}.accounts (user_id) where kind = 'member_wallet';
      create unique index accounts_system_idx on {schema}.accounts (kind) where kind <> 'member_wallet';
      insert into {schema}.accounts (kind) values ('provider_clearing'), ('revenue');

      -- One row per movement, as members see it: the type, the amount (positive; the type says which
      -- way), and what it belongs to. A top-up's payment reference is credited once, by this index.
      create table {schema}.ledger_transactions (
        id bigint generated always as identity primary key,
        user_id bigint not null,
        type text not null check (type in ('top_up', 'package_purchase', 'refund')),
        amount_kobo bigint not null check (amount_kobo > 0),
        reference text,
        package_id text,
        -- The movement a refund gives back (each is refunded at most once).
        refund_of bigint references {schema}.ledger_transactions (id),
        created_at timestamptz not null default now(),
        check ((type = 'top_up') = (reference is not null)),
        check ((type = 'package_purchase') = (package_id is not null)),
        check ((type = 'refund') = (refund_of is not null))
      );
      create unique index ledger_transactions_reference_idx on {schema}.ledger_transactions (reference) where reference is not null;
      create unique index ledger_transactions_refund_idx on {schema}.ledger_transactions (refund_of) where refund_of is not null;
      -- A member's history, newest first (keyset on created_at, id).
      create index ledger_transactions_user_idx on {schema}.ledger_transactions (user_id, created_at desc, id desc);

      -- The double entries: money into an account is positive, out of it negative; a transaction's
      -- entries add up to zero.
      create table {schema}.ledger_entries (
        id bigint generated always as identity primary key,
        transaction_id bigint not null references {schema}.ledger_transactions (id),
        account_id bigint not null references {schema}.accounts (id),
        amount_kobo bigint not null check (amount_kobo <> 0)
      );
      create index ledger_entries_transaction_idx on {schema}.ledger_entries (transaction_id);
      create index ledger_entries_account_idx on {schema}.ledger_entries (account_id);

      create function {schema}.ledger_transaction_balanced() returns trigger language plpgsql as $$
      begin
        if (select sum(amount_kobo) from {schema}.ledger_entries where transaction_id = new.transaction_id) <> 0 then
          raise exception 'ledger transaction % is not balanced', new.transaction_id;
        end if;
        return null;
      end $$;
      create constraint trigger ledger_entries_balanced after insert on {schema}.ledger_entries
        deferrable initially deferred for each row execute function {schema}.ledger_transaction_balanced();

      create function {schema}.ledger_is_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'the ledger is append-only: % refused', tg_op;
      end $$;
      create trigger ledger_entries_append_only before update or delete on {schema}.ledger_entries
        for each statement execute function {schema}.ledger_is_append_only();
      create trigger ledger_transactions_append_only before update or delete on {schema}.ledger_transactions
        for each statement execute function {schema}.ledger_is_append_only();

      -- Each member wallet's balance, cached: changed only in the transaction that writes the
      -- member's entries, with the wallet's row locked (so concurrent debits queue), and never below
      -- zero. \`npm run wallet:check\` and a test compare it with the entries.
      create table {schema}.balances (
        user_id bigint primary key,
        balance_kobo bigint not null default 0 check (balance_kobo >= 0),
        last_transaction_id bigint,
        updated_at timestamptz not null default now()
      );

      -- Card payments: recorded as pending with the amount before the provider is called; credited
      -- (success, transaction_id set) at most once, whatever confirms it first.
      create table {schema}.payments (
        reference text primary key,
        user_id bigint not null,
        email text not null,
        amount_kobo bigint not null check (amount_kobo > 0),
        provider text not null check (provider in ('paystack', 'sandbox')),
        status text not null default 'pending' check (status in ('pending', 'success', 'failed')),
        authorization_url text,
        reason text,
        transaction_id bigint unique references {schema}.ledger_transactions (id),
        created_at timestamptz not null default now(),
        paid_at timestamptz,
        -- When the provider was last asked about it (the pending sweep asks again later).
        checked_at timestamptz,
        check ((status = 'success') = (transaction_id is not null))
      );
      create index payments_user_idx on {schema}.payments (user_id, created_at desc);
      create index payments_pending_idx on {schema}.payments (created_at) where status = 'pending';

      -- The sandbox provider's own books (used when no Paystack key is set): what it was asked to
      -- charge and whether the test card paid. Kept apart from payments: it stands for the provider.
      create table {schema}.sandbox_charges (
        reference text primary key,
        email text not null,
        amount_kobo bigint not null check (amount_kobo > 0),
        currency text not null default 'NGN',
        status text not null default 'pending' check (status in ('pending', 'success', 'failed')),
        created_at timestamptz not null default now(),
        paid_at timestamptz
      );

      -- Each member's Pro plan now (the latest membership.changed).
      create table {schema}.memberships (
        user_id bigint primary key,
        package_id text not null,
        started_at timestamptz not null,
        active_until timestamptz not null,
        boost_posts integer not null check (boost_posts >= 0),
        updated_at timestamptz not null default now(),
        check (active_until > started_at)
      );

      -- Package purchases; a retried purchase with the same Idempotency-Key answers the first one's
      -- result from here and moves nothing.
      create table {schema}.purchases (
        id bigint generated always as identity primary key,
        user_id bigint not null,
        package_id text not null,
        transaction_id bigint not null unique references {schema}.ledger_transactions (id),
        idempotency_key text,
        started_at timestamptz not null,
        active_until timestamptz not null,
        boost_posts integer not null,
        balance_after_kobo bigint not null,
        created_at timestamptz not null default now()
      );
      create unique index purchases_idempotency_idx on {schema}.purchases (user_id, idempotency_key) where idempotency_key is not null;

      -- Members' e-mail addresses (from user.registered): a card payment must use the caller's own.
      create table {schema}.member_emails (
        user_id bigint primary key,
        email text not null,
        updated_at timestamptz not null
      );
    `,
  },
];
