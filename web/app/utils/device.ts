/** The session list's device labels live in the contracts: auth names the device in its security mails the same way. */
export { deviceLabel, UNKNOWN_DEVICE } from '@kora/contracts';
