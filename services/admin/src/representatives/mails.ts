/**
 * The representative applications' mails (ours: the product shows none; docs/product/representatives.md). The applicant gets a
 * confirmation when they apply and a word when an admin accepts or rejects them; "contacted" is
 * a step the admin takes by phone or mail themselves, so it sends nothing. The reviewer's note is
 * internal (who called when) and never mailed. Links lead to the admin's site URL, else PUBLIC_URL.
 * In the current language: the applicant's, set by the caller.
 */
import { representativeMailTexts as t } from '@kora/contracts';
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
  return [...lines, '', t.signature(site.siteName), site.base, ''].join('\n');
}

export function applicationReceivedMail(applicant: Applicant, site: Site): MailMessage {
  return {
    to: applicant.email,
    subject: t.receivedSubject(site.siteName),
    text: signed([t.hello(applicant.name), '', t.thanks(site.siteName, applicant.proposedLocation), t.willReview], site),
  };
}

export function applicationDecisionMail(applicant: Applicant, decision: 'accepted' | 'rejected', site: Site): MailMessage {
  const accepted = decision === 'accepted';
  const lines = accepted
    ? [t.accepted(site.siteName, applicant.proposedLocation), t.nextSteps]
    : [t.interest(site.siteName, applicant.proposedLocation), t.notFurther];
  return {
    to: applicant.email,
    subject: accepted ? t.acceptedSubject(site.siteName) : t.rejectedSubject(site.siteName),
    text: signed([t.hello(applicant.name), '', ...lines], site),
  };
}
