/** The profile's About card: the bio, or "No bio yet". */
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';

export function ProfileAbout({ bio }: { bio: string | null | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>About</CardTitle>
      </CardHeader>
      <CardBody className="pt-2">
        {bio ? (
          <p className="whitespace-pre-line break-words text-slate-800">{bio}</p>
        ) : (
          <p className="text-slate-500">No bio yet</p>
        )}
      </CardBody>
    </Card>
  );
}
