/**
 * Settings → Privacy → Muted (decision 037): the members the member muted, each with Unmute, and the
 * muted words and #hashtags, each with a remove button, under a field to add one. Every change goes
 * through /resources/mutes (a fetcher, decision 031); the page's loader runs again after it, so the
 * lists shown are the server's.
 */
import { safetyTexts, settingsScreenTexts, type Mutes } from '@kora/contracts';
import { Form, useFetcher } from '@remix-run/react';
import { useRef } from 'react';
import { XIcon } from 'lucide-react';
import { Avatar } from '~/components/avatar';
import { MUTES_RESOURCE, type MuteActionData } from '~/components/safety/mute-action';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { useToast } from '~/components/ui/toast';
import { useFetcherResult } from '~/utils/use-fetcher-result';

const MUTE_FETCHER = 'settings-mutes';

export function MutedList({ mutes }: { mutes: Mutes | null }) {
  const fetcher = useFetcher<MuteActionData>({ key: MUTE_FETCHER });
  const { toast } = useToast();
  const wordField = useRef<HTMLInputElement>(null);
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      toast({ title: answer.message, variant: 'success' });
      if (answer.intent === 'mute-word' && wordField.current) wordField.current.value = '';
    } else {
      toast({ title: answer.error, variant: 'error' });
    }
  });
  const busy = fetcher.state !== 'idle';

  return (
    <Card>
      <CardHeader>
        <CardTitle>{safetyTexts.mutedTitle}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-6">
        {mutes === null ? (
          <Alert>{safetyTexts.fetchMutesFailed}</Alert>
        ) : (
          <>
            <section aria-labelledby="muted-members-title" className="space-y-2">
              <h3 id="muted-members-title" className="text-sm font-semibold text-slate-900">
                {safetyTexts.mutedMembersTitle}
              </h3>
              {mutes.members.length === 0 ? (
                <p className="text-sm text-slate-600">{safetyTexts.noMutedMembers}</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {mutes.members.map((member) => (
                    <li key={member.id} className="flex items-center gap-3 py-2">
                      <Avatar name={member.name} src={member.profileImage} className="size-9" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium text-slate-900">{member.name}</span>
                        <span className="block truncate text-xs text-slate-600">@{member.user_name}</span>
                      </span>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={busy}
                        aria-label={`${safetyTexts.unmute} ${member.name}`}
                        onClick={() =>
                          fetcher.submit({ intent: 'unmute-member', userId: String(member.id) }, { method: 'post', action: MUTES_RESOURCE })
                        }
                      >
                        {safetyTexts.unmute}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="muted-words-title" className="space-y-2">
              <h3 id="muted-words-title" className="text-sm font-semibold text-slate-900">
                {safetyTexts.mutedWordsTitle}
              </h3>
              <Form
                method="post"
                action={MUTES_RESOURCE}
                className="flex gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  fetcher.submit(event.currentTarget, { method: 'post', action: MUTES_RESOURCE });
                }}
              >
                <input type="hidden" name="intent" value="mute-word" />
                <label htmlFor="muted-word" className="sr-only">
                  {safetyTexts.mutedWordsTitle}
                </label>
                <Input
                  id="muted-word"
                  ref={wordField}
                  name="word"
                  required
                  maxLength={100}
                  placeholder={settingsScreenTexts.mutedWordPlaceholder}
                />
                <Button type="submit" disabled={busy}>
                  {safetyTexts.mute}
                </Button>
              </Form>
              {mutes.words.length === 0 ? (
                <p className="text-sm text-slate-600">{safetyTexts.noMutedWords}</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {mutes.words.map((word) => (
                    <li
                      key={word}
                      className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-900"
                    >
                      {word}
                      <button
                        type="button"
                        disabled={busy}
                        aria-label={`${safetyTexts.unmute} ${word}`}
                        className="inline-flex size-7 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200"
                        onClick={() => fetcher.submit({ intent: 'unmute-word', word }, { method: 'post', action: MUTES_RESOURCE })}
                      >
                        <XIcon className="size-4" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </CardBody>
    </Card>
  );
}
