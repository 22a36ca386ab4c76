/**
 * The profile's About card: the bio ("No bio yet" when empty) and the details the member filled
 * in on Settings > General (city and country, work, education, website), each only when given.
 */
import { profileScreenTexts as texts, type ProfileDetails } from '@kora/contracts';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';

function detailLines(details: ProfileDetails): [label: string, value: string][] {
  const place = [details.city, details.country].filter(Boolean).join(', ');
  const lines: [string, string][] = [
    [texts.livesIn, place],
    [texts.worksAt, details.work],
    [texts.studiedAt, details.education],
  ];
  return lines.filter(([, value]) => value !== '');
}

export function ProfileAbout({ bio, details }: { bio: string | null | undefined; details: ProfileDetails }) {
  const lines = detailLines(details);
  // The settings service only stores http(s) addresses; checked again so no other scheme is ever a link.
  const website = /^https?:\/\//i.test(details.website) ? details.website : '';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{texts.about}</CardTitle>
      </CardHeader>
      <CardBody className="space-y-3 pt-2">
        {bio ? <p className="whitespace-pre-line break-words text-slate-800">{bio}</p> : <p className="text-slate-500">{texts.noBio}</p>}
        {lines.length > 0 || website ? (
          <ul className="space-y-1 text-sm text-slate-700" aria-label={texts.details}>
            {lines.map(([label, value]) => (
              <li key={label} className="break-words">
                {label} <span className="font-semibold text-slate-900">{value}</span>
              </li>
            ))}
            {website ? (
              <li className="break-all">
                <a
                  href={website}
                  rel="noopener noreferrer nofollow ugc"
                  target="_blank"
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {website.replace(/^https?:\/\//, '')}
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
      </CardBody>
    </Card>
  );
}
