import { describe, expect, it } from 'vitest';
import { ApiError, fieldMessagesOf, firstMessage, generalErrorText } from './errors';
import { ENDPOINTS } from './index';
import { fillPath } from './endpoint';

describe('error texts (docs/product.md#messages)', () => {
  it('takes the first message of a detail list or the detail text', () => {
    expect(
      firstMessage(422, {
        detail: [
          { loc: ['body', 'email'], msg: 'Email is required' },
          { loc: ['body', 'password'], msg: 'x' },
        ],
      }),
    ).toBe('Email is required');
    expect(firstMessage(401, { detail: 'Incorrect email or password' })).toBe('Incorrect email or password');
    expect(firstMessage(0, null)).toBe('We have a problem');
    expect(firstMessage(502, null)).toBe('We have some problems please contact support');
  });

  it('writes the general handler text: no response, 500, FIELD: message, or the detail', () => {
    expect(generalErrorText(new ApiError(0, null))).toBe('We have a problem');
    expect(generalErrorText(new ApiError(500, { detail: 'Internal server error' }))).toBe(
      'We have some problems please contact support',
    );
    expect(
      generalErrorText(
        new ApiError(422, { detail: [{ loc: ['body', 'customer_name'], msg: 'Customer name is required' }] }),
      ),
    ).toBe('CUSTOMER_NAME: Customer name is required');
    expect(generalErrorText(new ApiError(409, { detail: 'This customer still has 3 users' }))).toBe(
      'This customer still has 3 users',
    );
    expect(generalErrorText(new Error('boom'))).toBe('We have a problem');
  });

  it('groups a 422 by field for forms', () => {
    const error = new ApiError(422, {
      detail: [
        { loc: ['body', 'email'], msg: 'A user with this email already exists' },
        { loc: ['body', 'new_password'], msg: 'a' },
        { loc: ['body', 'new_password'], msg: 'b' },
      ],
    });
    expect(fieldMessagesOf(error)).toEqual({
      email: ['A user with this email already exists'],
      new_password: ['a', 'b'],
    });
    expect(fieldMessagesOf(new Error('x'))).toEqual({});
  });
});

describe('the endpoint table', () => {
  it('fills path parameters, encoded', () => {
    expect(fillPath('/api/user/staff/root/:id', { id: 12 })).toBe('/api/user/staff/root/12');
    expect(fillPath('/api/management/password/confirm/reset/:token', { token: 'a/b' })).toBe(
      '/api/management/password/confirm/reset/a%2Fb',
    );
  });

  it('has one row per method and path, and a permission on every session endpoint', () => {
    const keys = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ENDPOINTS.map((e) => e.name)).size).toBe(ENDPOINTS.length);
    for (const endpoint of ENDPOINTS.filter((e) => e.auth === 'session'))
      expect(endpoint.permissions.length).toBeGreaterThan(0);
  });
});
