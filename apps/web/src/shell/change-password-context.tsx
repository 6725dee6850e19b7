import { createContext, useContext } from 'react';

/** Opens the own-password modal of the layout (header Password item, profile Modify Password). */
export const ChangePasswordOpener = createContext<() => void>(() => undefined);

export const useOpenChangePassword = () => useContext(ChangePasswordOpener);
