import { describe, expect, it } from 'vitest';
import type { Application } from '../entities/application';
import { ACTIVE_FLAG_OPTIONS } from './status';
import {
  applicationCreateBody,
  applicationFormErrors,
  applicationFormFields,
  applicationFormFromApplication,
  applicationFormLayout,
  applicationModuleNames,
  applicationUpdateBody,
  emptyApplicationForm,
} from './application-form';

const store: Application = {
  id: 4,
  application_id: 4,
  application_name: 'Demo Store',
  application_active: 'N',
  modules: 'Checkout, Payments,',
  application_createby: 'root@democompany.demo',
  application_createdt: '2026-01-05T14:00:00.000Z',
  application_updateby: null,
  application_updatedt: null,
};

describe('application modal (docs/product.md#applications, #entities, #states-and-transitions)', () => {
  it('starts empty and active, and fills an edit from the application', () => {
    expect(emptyApplicationForm()).toEqual({ application_name: '', application_active: 'Y' });
    expect(applicationFormFromApplication(store)).toEqual({ application_name: 'Demo Store', application_active: 'N' });
  });

  it('shows the status only when editing', () => {
    expect(applicationFormLayout('create')).toEqual({ hasStatus: false });
    expect(applicationFormLayout('edit')).toEqual({ hasStatus: true });
    expect(applicationFormFields('create')).toEqual(['application_name']);
    expect(applicationFormFields('edit')).toEqual(['application_name', 'application_active']);
    expect(ACTIVE_FLAG_OPTIONS).toEqual([
      { value: 'Y', text: 'ACTIVE' },
      { value: 'N', text: 'INACTIVE' },
    ]);
  });

  it('asks for a name of at most 100 characters with the server messages', () => {
    expect(applicationFormErrors(emptyApplicationForm(), 'create')).toEqual({ application_name: ['Name is required'] });
    expect(applicationFormErrors({ application_name: '   ', application_active: 'Y' }, 'edit')).toEqual({
      application_name: ['Name is required'],
    });
    expect(applicationFormErrors({ application_name: 'x'.repeat(101), application_active: 'Y' }, 'create')).toEqual({
      application_name: ['Must be at most 100 characters'],
    });
    expect(applicationFormErrors({ application_name: 'x'.repeat(100), application_active: 'Y' }, 'create')).toEqual({});
  });

  it('makes trimmed bodies of accepted values and refuses rejected ones', () => {
    expect(applicationCreateBody({ application_name: ' Shop ', application_active: 'N' })).toEqual({
      application_name: 'Shop',
    });
    expect(applicationUpdateBody({ application_name: ' Shop ', application_active: 'N' })).toEqual({
      application_name: 'Shop',
      application_active: 'N',
    });
    expect(() => applicationCreateBody(emptyApplicationForm())).toThrow('Name is required');
  });

  it('lists the modules of the comma-separated text for the hover', () => {
    expect(applicationModuleNames(store)).toEqual(['Checkout', 'Payments']);
    expect(applicationModuleNames({ modules: '' })).toEqual([]);
  });
});
