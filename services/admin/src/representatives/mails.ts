/**
 * The representative applications' mails (ours: the product shows none; docs/product/representatives.md). The applicant gets a
 * confirmation when they apply and a word when an admin accepts or rejects them; "contacted" is
 * a step the admin takes by phone or mail themselves, so it sends nothing. The reviewer's note is
 * internal (who called when) and never mailed. Links lead to the admin's site URL, else PUBLIC_URL.
 */
import type { MailMessage } from '@kora/platform/mail';

interface Applicant {
  name: string;
  email: string;
  proposedLocation: string;
}

interface Site {
  siteName: string;
  base: string;
}

function signed(lines: string[], site: Site): string {
  return [...lines, '', `— The ${site.siteName} team`, site.base, ''].join('\n');
}

export function applicationReceivedMail(applicant: Applicant, site: Site): MailMessage {
  return {
    to: applicant.email,
    subject: `${site.siteName}: we received your representative application`,
    text: signed(
      [
        `Hello ${applicant.name},`,
        '',
        `Thank you for applying to represent ${site.siteName} in ${applicant.proposedLocation}.`,
        "We'll review and get back to you shortly.",
      ],
      site,
    ),
  };
}

export function applicationDecisionMail(applicant: Applicant, decision: 'accepted' | 'rejected', site: Site): MailMessage {
  const lines =
    decision === 'accepted'
      ? [
          `Good news: your application to represent ${site.siteName} in ${applicant.proposedLocation} has been accepted.`,
          'We will contact you soon about the next steps.',
        ]
      : [
          `Thank you for your interest in representing ${site.siteName} in ${applicant.proposedLocation}.`,
          'After review, we are not able to take your application further at this time.',
        ];
  return {
    to: applicant.email,
    subject: `${site.siteName}: your representative application was ${decision}`,
    text: signed([`Hello ${applicant.name},`, '', ...lines], site),
  };
}
