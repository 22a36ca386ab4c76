/**
 * The per-request CSP nonce from the gateway, made available to components that render scripts.
 * On the client it is always '' — browsers hide nonce attributes, and scripts added after
 * hydration are allowed by the policy's 'strict-dynamic'.
 */
import { createContext, useContext } from 'react';

const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
