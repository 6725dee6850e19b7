import * as v from 'valibot';
import {
  CustomerCreateSchema,
  PASSWORD_MESSAGES,
  emailField,
  isStaffRole,
  newPassword,
  phoneField,
  requiredText,
  roleFromName,
  TimeZoneSchema,
  USER_MESSAGES,
  validate,
  type RoleId,
} from '@relevo/domain';
import { hashPassword } from './auth/passwords';
import type { Clock } from './clock';
import { SYSTEM, type Database } from './db/database';
import { audit } from './security/audit';
import { findCustomerByName, insertCustomer, providerCustomer, insertUser } from './people/queries';

/** A refusal of an operator command, with the message to print. */
export class CommandError extends Error {}

function check<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = validate(schema, input);
  if (!result.success) {
    throw new CommandError(
      result.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('\n'),
    );
  }
  return result.output;
}

/** `create-customer --name N [--qty-resources N] [--time-zone Z]` */
export async function createCustomer(
  database: Database,
  clock: Clock,
  input: { name?: string; qtyResources?: string | number; timeZone?: string },
) {
  const parsed = check(CustomerCreateSchema, {
    customer_name: input.name ?? '',
    ...(input.qtyResources !== undefined ? { customer_qty_resources: input.qtyResources } : {}),
  });
  const timeZone = input.timeZone === undefined ? undefined : checkTimeZone(input.timeZone);
  const now = clock.now();
  return database.scoped(SYSTEM, async (tx) => {
    const id = await insertCustomer(
      tx,
      { name: parsed.customer_name, qtyResources: parsed.customer_qty_resources, createdBy: 'cli' },
      now,
    );
    if (id === null) throw new CommandError(`A customer named "${parsed.customer_name}" already exists`);
    if (timeZone)
      await tx.updateTable('customers').set({ customer_time_zone: timeZone }).where('customer_id', '=', id).execute();
    await audit(
      tx,
      {
        customerId: id,
        actor: null,
        action: 'create',
        entity: 'customer',
        entityId: id,
        detail: { name: parsed.customer_name, via: 'cli', ...(timeZone ? { time_zone: timeZone } : {}) },
      },
      now,
    );
    return id;
  });
}

const checkTimeZone = (zone: string): string => {
  const result = v.safeParse(TimeZoneSchema, zone);
  if (!result.success) throw new CommandError(`--time-zone: ${result.issues[0].message}`);
  return result.output;
};

/**
 * `set-time-zone --customer NAME --time-zone Z`: the zone the customer's dashboard counts its
 * days in (docs/product.md#tenants-and-roles); its day counts are counted again at once (migration 0012).
 */
export async function setCustomerTimeZone(
  database: Database,
  clock: Clock,
  input: { customer?: string; timeZone?: string },
): Promise<number> {
  if (!input.customer) throw new CommandError('--customer is required');
  const timeZone = checkTimeZone(input.timeZone ?? '');
  const now = clock.now();
  return database.scoped(SYSTEM, async (tx) => {
    const customer = await findCustomerByName(tx, input.customer!);
    if (!customer) throw new CommandError(`No customer named "${input.customer}"`);
    await tx
      .updateTable('customers')
      .set({ customer_time_zone: timeZone })
      .where('customer_id', '=', customer.customer_id)
      .execute();
    await audit(
      tx,
      {
        customerId: customer.customer_id,
        actor: null,
        action: 'update',
        entity: 'customer',
        entityId: customer.customer_id,
        detail: { time_zone: timeZone, via: 'cli' },
      },
      now,
    );
    return customer.customer_id;
  });
}

const CreateUserInput = v.object({
  role: v.pipe(
    v.string('--role is required'),
    v.nonEmpty('--role is required'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const role = roleFromName(dataset.value);
      if (!role) {
        addIssue({ message: 'must be StaffRoot, StaffEdit, StaffView, CustomerRoot or Customer' });
        return NEVER;
      }
      return role;
    }),
  ),
  email: emailField(USER_MESSAGES.emailRequired),
  password: newPassword(PASSWORD_MESSAGES.passwordRequired),
  name: requiredText(USER_MESSAGES.nameRequired),
  lastName: requiredText(USER_MESSAGES.lastNameRequired),
  customer: v.optional(v.pipe(v.string(), v.trim())),
  phone: v.optional(phoneField()),
});

/** `create-user --role R --email E --password P --name N --last-name L [--customer NAME] [--phone +E164]` */
export async function createUser(
  database: Database,
  clock: Clock,
  input: {
    role?: string;
    email?: string;
    password?: string;
    name?: string;
    lastName?: string;
    customer?: string;
    phone?: string;
    forceChangePassword?: boolean;
  },
) {
  const parsed = check(CreateUserInput, input);
  const role = parsed.role as RoleId;
  const passwordHash = await hashPassword(parsed.password);
  const now = clock.now();
  return database.scoped(SYSTEM, async (tx) => {
    let customerId: number;
    if (isStaffRole(role)) {
      if (parsed.customer)
        throw new CommandError('--customer is for customer roles; staff users belong to the provider');
      customerId = (await providerCustomer(tx)).customer_id;
    } else {
      if (!parsed.customer) throw new CommandError('--customer NAME is required for CustomerRoot and Customer');
      const customer = await findCustomerByName(tx, parsed.customer);
      if (!customer || customer.is_provider) throw new CommandError(`No customer named "${parsed.customer}"`);
      customerId = customer.customer_id;
    }
    const id = await insertUser(
      tx,
      {
        customerId,
        name: parsed.name,
        lastName: parsed.lastName,
        email: parsed.email,
        phone: parsed.phone ?? null,
        passwordHash,
        roleId: role,
        status: 1,
        forceChangePassword: input.forceChangePassword ?? false,
        createdBy: 'cli',
      },
      now,
    );
    if (id === null) throw new CommandError(`A user with the e-mail ${parsed.email} already exists`);
    await audit(
      tx,
      {
        customerId,
        actor: null,
        action: 'create',
        entity: 'user',
        entityId: id,
        detail: { email: parsed.email, role, via: 'cli' },
      },
      now,
    );
    return id;
  });
}
