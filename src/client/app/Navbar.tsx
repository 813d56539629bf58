import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { can } from '../../shared/authorization';
import type { Me } from '../../shared/schemas/me';
import { useUnreadCount } from '../features/conversations/api';
import { useInvitationCount } from '../features/groups/api';
import { useAwaitingCount } from '../features/pings/api';
import { useCollege } from '../shell/config-context';
import { useDrawnToggle, useScriptsReady } from '../shell/scripts-ready';
import styles from './Navbar.module.css';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/postings', label: 'Search Postings' },
  { to: '/create-posting', label: 'Create Posting' },
  { to: '/our-purpose', label: 'Our Purpose' },
  { to: '/contact-us', label: 'Contact Us' },
] as const;

function PersonIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
      <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
    </svg>
  );
}

/** Hides while the user scrolls down, comes back on the way up (docs/product-spec.md, navigation bar). */
function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > last.current && y > 80);
      last.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}

/** The count of pings awaiting the member's answer, beside My Profile. */
function AwaitingPings({ user }: { user: Me }) {
  const { data } = useAwaitingCount(user);
  const count = data?.count ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span className={styles.count} aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">
        , {count === 1 ? '1 ping awaits your answer' : `${count} pings await your answer`}
      </span>
    </>
  );
}

/** The count of group invitations awaiting the member's answer, beside My Profile (issue 23). */
function PendingInvitations({ user }: { user: Me }) {
  const { data } = useInvitationCount(user);
  const count = data?.count ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span className={`${styles.count} ${styles.invitations}`} aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">, {count === 1 ? '1 invitation' : `${count} invitations`}</span>
    </>
  );
}

/** Messages, with the count of unread messages (issue 19); the live stream keeps it current. */
function MessagesLink({ user }: { user: Me }) {
  const { data } = useUnreadCount(user);
  const count = data?.count ?? 0;
  return (
    <NavLink to="/messages" className={({ isActive }) => (isActive ? styles.active : '')}>
      Messages
      {count > 0 ? (
        <>
          <span className={styles.count} aria-hidden="true">
            {count}
          </span>
          <span className="visually-hidden">, {count} unread</span>
        </>
      ) : null}
    </NavLink>
  );
}

export function Navbar({ user }: { user: Me | null }) {
  const college = useCollege();
  const hidden = useHideOnScroll();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // As the server draws it the Menu is a checkbox the stylesheet follows (issue 31): it opens
  // before the scripts have taken the page over, and without them. The scripts' button takes its
  // place, open if the checkbox was.
  const scriptsReady = useScriptsReady();
  const menuCheckId = useId();
  useDrawnToggle(menuCheckId, () => setMenuOpen(true));
  const shownPath = useRef(location.pathname);

  // A new page closes the menu (not the first: a menu opened before the scripts stays open).
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setMenuOpen(false);
  }, [location.pathname]);

  // A touch or click outside the bar, or Escape, closes the menu.
  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Focus on a link of the closing menu would be lost with it: it goes back to the Menu button.
      if (navRef.current?.contains(document.activeElement)) menuButtonRef.current?.focus();
      setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  // The bar's CSS brings it back into view when focus moves inside it (keyboard users).
  return (
    <header className={`${styles.header} ${hidden && !menuOpen ? styles.hidden : ''}`}>
      <nav ref={navRef} className={styles.nav} aria-label="Main">
        <Link to="/" className={styles.logo}>
          <img className={styles.logoMark} src={college.logo} alt="" width="40" height="40" />
          <img className={styles.logoFull} src={college.logoFull} alt="" width="167" height="40" />
          <span className="visually-hidden">{college.productName} home</span>
        </Link>
        {scriptsReady ? (
          <button
            ref={menuButtonRef}
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
        ) : (
          <>
            <input
              id={menuCheckId}
              type="checkbox"
              className={`drawn-toggle ${styles.menuCheck}`}
              aria-controls={menuId}
            />
            <label htmlFor={menuCheckId} className={styles.menuButton}>
              Menu
            </label>
          </>
        )}
        <ul id={menuId} className={`${styles.links} ${menuOpen ? styles.open : ''}`}>
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} className={({ isActive }) => (isActive ? styles.active : '')}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {user && can(user, 'product.use', null) ? (
            <li>
              <MessagesLink user={user} />
            </li>
          ) : null}
          {can(user, 'moderation.moderate', null) ? (
            <li>
              <NavLink to="/moderation" className={({ isActive }) => (isActive ? styles.active : '')}>
                Moderation
              </NavLink>
            </li>
          ) : null}
          <li className={styles.profile}>
            {user ? (
              <NavLink to="/myProfile" className={({ isActive }) => (isActive ? styles.active : '')}>
                <PersonIcon />
                My Profile
                <AwaitingPings user={user} />
                <PendingInvitations user={user} />
              </NavLink>
            ) : (
              <NavLink to="/signIn">
                <PersonIcon />
                Sign In
              </NavLink>
            )}
          </li>
        </ul>
      </nav>
    </header>
  );
}
