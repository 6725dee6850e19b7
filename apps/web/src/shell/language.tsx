import { updateOwnSettings } from '@relevo/api';
import {
  DISPLAY_LANGUAGE_NAMES,
  DISPLAY_LANGUAGES,
  chooseDisplayLanguage,
  isDisplayLanguage,
  type DisplayLanguage,
} from '@relevo/domain';
import { toast, type HeaderLanguages } from '@relevo/ui';
import { Fragment, useCallback, useEffect, useState, type ReactNode } from 'react';
import { api } from './api';
import { activateLanguage, browserLanguage, currentLanguage, t } from './i18n';
import { useService } from './services';
import { useSession } from './session';

declare module './services' {
  interface Services {
    /** saves the signed-in user's language (PUT /api/users/me) */
    saveLanguage: (language: DisplayLanguage) => Promise<unknown>;
  }
}

const liveSaveLanguage = (language: DisplayLanguage) => api.call(updateOwnSettings, { body: { language } });

/** The language last shown on this device: the sign-in page opens in it. */
const STORAGE_KEY = 'relevo.language';

function storedLanguage(): DisplayLanguage | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isDisplayLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function storeLanguage(language: DisplayLanguage): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // private browsing without storage: the profile still holds the choice
  }
}

/** The language to open in before anyone is known: this device's last, else the browser's. */
export const startLanguage = (): DisplayLanguage => storedLanguage() ?? browserLanguage();

/**
 * docs/product.md#languages: the signed-in user's language (their profile's), else the browser's;
 * signed out, this device's last one, else the browser's. Everything below is drawn again in the
 * new language when it changes (keyed by it).
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [shown, setShown] = useState<DisplayLanguage>(currentLanguage);
  const wanted = user
    ? chooseDisplayLanguage(user.language, typeof navigator === 'undefined' ? [] : navigator.languages)
    : startLanguage();

  useEffect(() => {
    let current = true;
    void activateLanguage(wanted).then(() => {
      if (!current) return;
      if (user) storeLanguage(wanted);
      setShown(wanted);
    });
    return () => {
      current = false;
    };
  }, [wanted, user]);

  return <Fragment key={shown}>{children}</Fragment>;
}

/** The header's language menu: saves the choice to the profile (it follows the user to every device). */
export function useLanguageMenu(): HeaderLanguages {
  const { actor } = useSession();
  const save = useService('saveLanguage', liveSaveLanguage);
  const onChange = useCallback(
    (value: string) => {
      if (!isDisplayLanguage(value) || value === currentLanguage()) return;
      save(value).then(
        () => {
          storeLanguage(value);
          actor.send({ type: 'RELOAD' });
        },
        (error: unknown) => toast.error(t(error instanceof Error ? error.message : 'The language could not be saved')),
      );
    },
    [actor, save],
  );
  return {
    current: currentLanguage(),
    options: DISPLAY_LANGUAGES.map((value) => ({ value, label: DISPLAY_LANGUAGE_NAMES[value] })),
    onChange,
  };
}
