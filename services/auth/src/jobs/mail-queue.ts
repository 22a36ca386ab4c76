/** The auth service's mail queue (activation links, recovery codes and security notices); how mail is queued and sent: platform mail/service-mail.ts. */
export const MAIL_QUEUE = 'auth.mail';
