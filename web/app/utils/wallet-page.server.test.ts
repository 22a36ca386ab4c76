import { describe, expect, it } from 'vitest';
import { checkoutLocation } from './wallet-page.server';

describe('checkoutLocation', () => {
  const reference = 'kora_7_lq2x9c_3f9a1b2c4d5e';

  it('sends the sandbox checkout by path, whatever name the wallet service gave the site', () => {
    expect(checkoutLocation(`http://localhost:8080/checkout?reference=${reference}`, reference)).toBe(`/checkout?reference=${reference}`);
    expect(checkoutLocation(`https://kora.example/checkout?reference=${reference}`, reference)).toBe(`/checkout?reference=${reference}`);
  });

  it("follows the provider's page as given, and any URL not about this reference", () => {
    expect(checkoutLocation('https://checkout.paystack.com/0peioxfhpn', reference)).toBe('https://checkout.paystack.com/0peioxfhpn');
    expect(checkoutLocation('https://evil.example/checkout?reference=other_ref_1', reference)).toBe(
      'https://evil.example/checkout?reference=other_ref_1',
    );
    expect(checkoutLocation('https://kora.example/pay?reference=' + reference, reference)).toBe(
      'https://kora.example/pay?reference=' + reference,
    );
  });
});
