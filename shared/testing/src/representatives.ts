/** A valid representative application (the public form's fields), for the admin service's and the API's tests. */
import { randomBytes } from 'node:crypto';

/** An address no other application in the run has used (one application per e-mail). */
export const newRepresentativeEmail = () => `rep.${randomBytes(5).toString('hex')}@example.ng`;

export function representativeApplication(email = newRepresentativeEmail()) {
  return {
    name: 'Chidi Nwosu',
    username: 'chidi.n',
    phone: '+234 803 123 4567',
    email,
    state: 'Enugu',
    residentAddress: '12 Ogui Road, Enugu',
    residentialState: 'Enugu',
    proposedLocation: 'Enugu North',
    koraUsername: 'chidi',
    note: 'I run a youth tech club and know the area well.',
  };
}
