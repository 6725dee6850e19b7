/**
 * A person's name as the screens show it. Apart from entities/user.ts, whose schemas bring the
 * phone number rules: the layout shows the signed-in user's name on every screen and must not
 * load those with it (docs/perf.md "Dashboard route (Lighthouse)").
 */
export const fullName = (user: { name: string; last_name: string }) => `${user.name} ${user.last_name}`.trim();
