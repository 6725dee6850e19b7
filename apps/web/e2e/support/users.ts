/** The people of the browser tests: the demo users the server loads, and extra ones made with the CLI. */
export interface TestUser {
  email: string;
  password: string;
  name: string;
  lastName: string;
  role: 'StaffRoot' | 'StaffEdit' | 'StaffView' | 'CustomerRoot' | 'Customer';
  customer?: string;
  phone?: string;
  forceChangePassword?: boolean;
}

export const DEMO_CUSTOMER = 'Demo Company';

export const staffRoot: TestUser = { email: 'staff@relevo.demo', password: 'Staff.Demo.2026', name: 'Sofía', lastName: 'Rivera', role: 'StaffRoot' };
export const customerRoot: TestUser = {
  email: 'root@democompany.demo',
  password: 'Root.Demo.2026',
  name: 'Carlos',
  lastName: 'Méndez',
  role: 'CustomerRoot',
  customer: DEMO_CUSTOMER,
};
export const customer: TestUser = { email: 'user@democompany.demo', password: 'User.Demo.2026', name: 'Ana', lastName: 'Torres', role: 'Customer', customer: DEMO_CUSTOMER };

/** Created by the global setup: each flow that changes or uses up something has its own account. */
export const forcedChange: TestUser = {
  email: 'first.login@democompany.demo',
  password: 'Temp.Pass.2026',
  name: 'Nora',
  lastName: 'Quiles',
  role: 'Customer',
  customer: DEMO_CUSTOMER,
  forceChangePassword: true,
};
export const codeTester: TestUser = {
  email: 'codes@democompany.demo',
  password: 'Codes.Pass.2026',
  name: 'Luis',
  lastName: 'Ortega',
  role: 'CustomerRoot',
  customer: DEMO_CUSTOMER,
  phone: '+17875550123',
};
export const staffEdit: TestUser = { email: 'edit@relevo.demo', password: 'Edit.Pass.2026', name: 'Elena', lastName: 'Vega', role: 'StaffEdit' };
export const auditor: TestUser = { email: 'a11y@democompany.demo', password: 'Audit.Pass.2026', name: 'Iris', lastName: 'Santos', role: 'Customer', customer: DEMO_CUSTOMER };

/** The reset flows change these passwords (reset-email.spec.ts, reset-sms.spec.ts): no other spec signs in with them. */
export const emailResetter: TestUser = {
  email: 'reset.mail@democompany.demo',
  password: 'Reset.Mail.2026',
  name: 'Rosa',
  lastName: 'Colón',
  role: 'Customer',
  customer: DEMO_CUSTOMER,
};
export const smsResetter: TestUser = {
  email: 'reset.sms@democompany.demo',
  password: 'Reset.Sms.2026',
  name: 'Tomás',
  lastName: 'Ayala',
  role: 'Customer',
  customer: DEMO_CUSTOMER,
  phone: '+17875550188',
};

export const CREATED_USERS: TestUser[] = [forcedChange, codeTester, staffEdit, auditor, emailResetter, smsResetter];
