/** The admin service's mail queue (representative confirmations and decisions); how mail is queued and sent: platform mail/service-mail.ts. */
export const MAIL_QUEUE = 'admin.mail';
