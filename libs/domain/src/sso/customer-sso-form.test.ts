import { describe, expect, it } from 'vitest';
import { customerSsoBody, customerSsoFormErrors, domainListOf } from './customer-sso-form';
import { isIssuerAddress } from './settings';
import { SSO_ERRORS, ssoErrorMessage, ssoStartErrors, ssoStartPath } from './sign-in';

const none = { issuer: '', client_id: '', has_secret: false };

describe('the single sign-on rules', () => {
  it('accepts https issuers and http only on this machine', () => {
    expect(isIssuerAddress('https://login.example.com/tenant')).toBe(true);
    expect(isIssuerAddress('http://127.0.0.1:8080')).toBe(true);
    expect(isIssuerAddress('http://localhost:8080')).toBe(true);
    expect(isIssuerAddress('http://idp.example.com')).toBe(false);
    expect(isIssuerAddress('https://idp.example.com/?x=1')).toBe(false);
    expect(isIssuerAddress('not a url')).toBe(false);
  });

  it('reads the domains of a text', () => {
    expect(domainListOf(' Acme.com, acme.io\nexample.org ')).toEqual(['acme.com', 'acme.io', 'example.org']);
  });

  it('asks for the three provider fields together, and a secret unless the same provider keeps one', () => {
    const values = { issuer: 'https://idp.example.com', client_id: '', client_secret: '', domains: '' };
    expect(customerSsoFormErrors(values, none)).toEqual({
      client_id: ['Client ID is required'],
      client_secret: ['Client secret is required'],
    });
    const kept = { issuer: 'https://idp.example.com', client_id: 'relevo', has_secret: true };
    expect(customerSsoFormErrors({ ...values, client_id: 'relevo' }, kept)).toEqual({});
    expect(customerSsoFormErrors({ ...values, client_id: 'other' }, kept)).toEqual({
      client_secret: ['Client secret is required'],
    });
    expect(customerSsoFormErrors({ issuer: '', client_id: 'x', client_secret: '', domains: 'a..b' }, none)).toEqual({
      issuer: ['Issuer is required'],
      domains: ['Must be a domain name such as example.com'],
    });
    expect(
      customerSsoBody({ issuer: ' https://a.example ', client_id: ' c ', client_secret: 's', domains: 'A.com' }),
    ).toEqual({ issuer: 'https://a.example', client_id: 'c', client_secret: 's', domains: ['a.com'] });
  });

  it('checks the e-mail before leaving for the provider, and names the reasons of a refusal', () => {
    expect(ssoStartErrors('')).toEqual({ email: ['Email is required'] });
    expect(ssoStartErrors('ana@acme.example')).toEqual({});
    expect(ssoStartPath(' Ana@Acme.example ')).toBe('/api/auth/sso/start?email=ana%40acme.example');
    expect(ssoErrorMessage('account')).toBe(SSO_ERRORS.account);
    expect(ssoErrorMessage('toString')).toBeNull();
    expect(ssoErrorMessage(null)).toBeNull();
  });
});
