// The page header of requirements §2: skip link, the title's logo linking home (Logo: the wordmark where
// the title's own logo does not load), the navigation (my page, customer service), the language
// switch and login or logout. On small screens the menu sits behind a button; it closes on any
// click outside it and on Escape (focus back on the button).
import { type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';

import { loginRequested, logoutRequested } from '../session/sessionActions';
import { selectTitle } from '../session/titleSlice';
import { selectLoggedIn } from '../session/userSlice';
import { useAppDispatch, useAppSelector } from '../store/hooks';

import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';

/** The id of the main area, the skip link's target. */
export const MAIN_ID = 'main';

export function Header() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const title = useAppSelector(selectTitle);
  const loggedIn = useAppSelector(selectLoggedIn);
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (event: Event) => {
      const target = event.target as Node | null;
      if (target && (menuRef.current?.contains(target) || buttonRef.current?.contains(target)))
        return;
      setMenuOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  // The skip link moves focus without changing the URL's hash (a hash change is a navigation
  // here, through the guard sequence).
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  };

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <a className="ds-skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        {t('header.skip-to-main')}
      </a>
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo">
          {title ? (
            <Logo key={title.titleCode} title={title} />
          ) : (
            <span className="site-header__logo-text">{t('app.name')}</span>
          )}
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className="ds-button site-header__menu-button"
          data-variant="tertiary"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="site-header__menu-icon" aria-hidden="true" />
          {t('header.menu')}
        </button>
        <div
          ref={menuRef}
          id={menuId}
          className="site-header__menu"
          data-open={menuOpen ? 'true' : 'false'}
        >
          <nav aria-label={t('header.nav-label')}>
            <ul className="site-header__nav">
              <li>
                <NavLink to="/" end className="ds-link" onClick={closeMenu}>
                  {t('header.nav.home')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/kundeservice" className="ds-link" onClick={closeMenu}>
                  {t('header.nav.customer-service')}
                </NavLink>
              </li>
            </ul>
          </nav>
          <LanguageSwitch />
          {loggedIn ? (
            <button
              type="button"
              className="ds-button"
              data-variant="secondary"
              onClick={() => dispatch(logoutRequested())}
            >
              {t('header.logout')}
            </button>
          ) : (
            <button
              type="button"
              className="ds-button"
              onClick={() =>
                dispatch(
                  loginRequested({
                    returnUrl: location.pathname + location.search + location.hash,
                  }),
                )
              }
            >
              {t('header.login')}
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
