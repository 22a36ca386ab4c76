/**
 * The representative applications' mails (admin service), in the language the applicant applied in
 * (decision 045). `{{site}}` is the site's name, `{{location}}` where they offered to represent it.
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';

const at = (site: string, location: string) => ({ site, location });
const site = (site: string) => ({ site });

export const representativeMailTexts = localizedTexts('representativeMail', {
  hello: template('Hello {{name}},', (name: string) => ({ name })),
  signature: template('— The {{site}} team', site),
  receivedSubject: template('{{site}}: we received your representative application', site),
  thanks: template('Thank you for applying to represent {{site}} in {{location}}.', at),
  willReview: "We'll review and get back to you shortly.",
  acceptedSubject: template('{{site}}: your representative application was accepted', site),
  accepted: template('Good news: your application to represent {{site}} in {{location}} has been accepted.', at),
  nextSteps: 'We will contact you soon about the next steps.',
  rejectedSubject: template('{{site}}: your representative application was rejected', site),
  interest: template('Thank you for your interest in representing {{site}} in {{location}}.', at),
  notFurther: 'After review, we are not able to take your application further at this time.',
});
