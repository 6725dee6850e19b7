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

/** A user of the demo customer. */
const ofDemoCustomer = (user: Omit<TestUser, 'customer'>): TestUser => ({ ...user, customer: DEMO_CUSTOMER });

export const staffRoot: TestUser = {
  email: 'staff@relevo.demo',
  password: 'Staff.Demo.2026',
  name: 'Sofía',
  lastName: 'Rivera',
  role: 'StaffRoot',
};
export const customerRoot = ofDemoCustomer({
  email: 'root@democompany.demo',
  password: 'Root.Demo.2026',
  name: 'Carlos',
  lastName: 'Méndez',
  role: 'CustomerRoot',
});
export const customer = ofDemoCustomer({
  email: 'user@democompany.demo',
  password: 'User.Demo.2026',
  name: 'Ana',
  lastName: 'Torres',
  role: 'Customer',
});

/** Created by the global setup: each flow that changes or uses up something has its own account. */
export const forcedChange = ofDemoCustomer({
  email: 'first.login@democompany.demo',
  password: 'Temp.Pass.2026',
  name: 'Nora',
  lastName: 'Quiles',
  role: 'Customer',
  forceChangePassword: true,
});
export const codeTester = ofDemoCustomer({
  email: 'codes@democompany.demo',
  password: 'Codes.Pass.2026',
  name: 'Luis',
  lastName: 'Ortega',
  role: 'CustomerRoot',
  phone: '+17875550123',
});
export const staffEdit: TestUser = {
  email: 'edit@relevo.demo',
  password: 'Edit.Pass.2026',
  name: 'Elena',
  lastName: 'Vega',
  role: 'StaffEdit',
};
export const auditor = ofDemoCustomer({
  email: 'a11y@democompany.demo',
  password: 'Audit.Pass.2026',
  name: 'Iris',
  lastName: 'Santos',
  role: 'Customer',
});

/** The reset flows change these passwords (reset-email.spec.ts, reset-sms.spec.ts): no other spec signs in with them. */
export const emailResetter = ofDemoCustomer({
  email: 'reset.mail@democompany.demo',
  password: 'Reset.Mail.2026',
  name: 'Rosa',
  lastName: 'Colón',
  role: 'Customer',
});
export const smsResetter = ofDemoCustomer({
  email: 'reset.sms@democompany.demo',
  password: 'Reset.Sms.2026',
  name: 'Tomás',
  lastName: 'Ayala',
  role: 'Customer',
  phone: '+17875550188',
});

/** The people screens (people-users.spec.ts): their own accounts, and a second customer to prove tenancy. */
export const HARBOR_CUSTOMER = 'Harbor Logistics';
export const peopleRoot: TestUser = {
  email: 'people.root@relevo.demo',
  password: 'People.Root.2026',
  name: 'Pilar',
  lastName: 'Reyes',
  role: 'StaffRoot',
};
export const peopleViewer: TestUser = {
  email: 'people.view@relevo.demo',
  password: 'People.View.2026',
  name: 'Víctor',
  lastName: 'Soto',
  role: 'StaffView',
};
export const harborRoot: TestUser = {
  email: 'root@harbor.demo',
  password: 'Harbor.Root.2026',
  name: 'Hugo',
  lastName: 'Marín',
  role: 'CustomerRoot',
  customer: HARBOR_CUSTOMER,
};
export const harborDispatcher: TestUser = {
  email: 'dispatch@harbor.demo',
  password: 'Harbor.User.2026',
  name: 'Inés',
  lastName: 'Paz',
  role: 'Customer',
  customer: HARBOR_CUSTOMER,
};

/** The Customers screen (people-customers.spec.ts): a Staff Root that creates and deletes, a Staff View that only reads. */
export const customersRoot: TestUser = {
  email: 'customers.root@relevo.demo',
  password: 'Customers.Root.2026',
  name: 'Marta',
  lastName: 'Llorens',
  role: 'StaffRoot',
};
export const customersViewer: TestUser = {
  email: 'customers.view@relevo.demo',
  password: 'Customers.View.2026',
  name: 'Raúl',
  lastName: 'Ibáñez',
  role: 'StaffView',
};

/** The User Guide chat (chat.spec.ts): its own account, so its questions count against no other spec's limit. */
export const guideReader = ofDemoCustomer({
  email: 'guide.reader@democompany.demo',
  password: 'Guide.Read.2026',
  name: 'Lucía',
  lastName: 'Pagán',
  role: 'Customer',
});

/** Customers the global setup creates (by name) before the users that belong to them. */
export const CREATED_CUSTOMERS: string[] = [HARBOR_CUSTOMER];

/** Switches languages (language.spec.ts): no other spec signs in with it. */
export const speaker = ofDemoCustomer({
  email: 'idioma@democompany.demo',
  password: 'Idioma.Pass.2026',
  name: 'Marta',
  lastName: 'Rosario',
  role: 'CustomerRoot',
});

export const CREATED_USERS: TestUser[] = [
  speaker,
  forcedChange,
  codeTester,
  staffEdit,
  auditor,
  emailResetter,
  smsResetter,
  peopleRoot,
  peopleViewer,
  harborRoot,
  harborDispatcher,
  customersRoot,
  customersViewer,
  guideReader,
];
