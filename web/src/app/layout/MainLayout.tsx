import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { MenuIcon, SignOutIcon } from '../../components/icons.js';
import { MentionNotices } from '../../components/conversation/MentionNotices.js';
import { FeatureNotices } from '../../lib/featureParts.js';
import { ImpersonationPicker, ViewingAsBanner } from '../../features/impersonation/ImpersonationPicker.js';
import { LanguageSwitch } from '../../features/language/LanguageSwitch.js';
import { LocationPicker } from '../../features/locations/LocationPicker.js';
import { AwayBanner } from '../../features/presence/AwayBanner.js';
import { PresencePicker } from '../../features/presence/PresencePicker.js';
import { TeamSwitch } from '../../features/locations/TeamSwitch.js';
import { useMediaQuery } from '../../lib/media.js';
import { fullName } from '../../lib/names.js';
import { useReadySession, type ReadySession } from '../../lib/session.js';
import { currentLocale } from '../../lib/i18n.js';
import { screenName } from '../../lib/screenDefinition.js';
import { useStore } from '../../lib/store.js';
import { menuFor } from '../menu.js';
import { LayoutChoice } from './LayoutChoice.js';
import { PHONE_WINDOW, WIDE_WINDOW } from './widths.js';
import './shell.css';

/** The signed-in console: header with the agent's switches, the menu, and the screen. */
export function MainLayout() {
  const { t } = useTranslation();
  const current = useReadySession();
  const wide = useMediaQuery(WIDE_WINDOW);
  const phone = useMediaQuery(PHONE_WINDOW);
  const [menuOpen, setMenuOpen] = useState(wide);
  const { pathname } = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);

  // Crossing the width threshold puts the menu back to that width's default.
  useEffect(() => setMenuOpen(wide), [wide]);
  // On a narrow window the menu covers the screen: picking an entry closes it.
  useEffect(() => {
    if (!wide) setMenuOpen(false);
  }, [pathname, wide]);
  // Where the menu covers the screen, Escape closes it as it would a dialog, and the keyboard goes
  // back to the button that opened it. An Escape something else handled (a dialog, a picker) is theirs.
  useEffect(() => {
    if (wide || !menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [wide, menuOpen]);

  const locale = useStore(currentLocale);
  const groups = menuFor(current.acting.access_level);
  return (
    <div className={`shell${menuOpen ? ' shell--menu-open' : ''}${phone ? ' shell--phone' : ''}`}>
      <MentionNotices />
      <FeatureNotices />
      <a className="skip-link" href="#content">
        {t('shell.skip_to_content')}
      </a>
      <header className="shell__header">
        <button
          ref={menuButton}
          type="button"
          className="icon-button"
          aria-expanded={menuOpen}
          aria-controls="shell-menu"
          aria-label={menuOpen ? t('shell.hide_menu') : t('shell.show_menu')}
          title={menuOpen ? t('shell.hide_menu') : t('shell.show_menu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="shell__brand">
          {t('app.name')}
        </Link>
        {phone ? null : <Switches current={current} />}
        <div className="shell__account">
          {phone ? null : <AccountSwitches current={current} />}
          <Link to="/logout" className="button button--quiet shell__sign-out" title={phone ? t('shell.sign_out') : undefined}>
            <SignOutIcon />
            <span className={phone ? 'visually-hidden' : undefined}>{t('shell.sign_out')}</span>
          </Link>
        </div>
      </header>
      <ViewingAsBanner current={current} />
      <AwayBanner />
      <div className="shell__body">
        <nav id="shell-menu" className="shell__menu" aria-label={t('shell.menu')} hidden={!menuOpen}>
          {phone ? (
            // A phone's header has room for the menu button and sign-out only: the rest waits here.
            <div className="shell__menu-controls">
              <Switches current={current} />
              <AccountSwitches current={current} />
            </div>
          ) : null}
          {groups.map((group) => (
            <section key={group.label} className="shell__menu-group" aria-labelledby={`menu-${group.label.replace('.', '-')}`}>
              <h2 className="shell__menu-heading" id={`menu-${group.label.replace('.', '-')}`}>
                {t(group.label)}
              </h2>
              <ul className="shell__menu-list">
                {group.screens.map((screen) => (
                  <li key={screen.path}>
                    <NavLink to={screen.path} end className="shell__menu-link">
                      {screenName(screen.label, locale)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <LayoutChoice />
        </nav>
        <main id="content" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** Which store and team the agent works in. */
function Switches({ current }: { current: ReadySession }) {
  return (
    <div className="shell__switches">
      <LocationPicker current={current} />
      <TeamSwitch locationId={current.location.id} />
    </div>
  );
}

/** Who the agent acts as, whether they are here, and in which language. */
function AccountSwitches({ current }: { current: ReadySession }) {
  return (
    <>
      <ImpersonationPicker current={current} />
      <PresencePicker />
      <LanguageSwitch />
      <span className="shell__agent" title={current.agent.email}>
        {fullName(current.agent)}
      </span>
    </>
  );
}
