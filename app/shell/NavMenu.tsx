import { Tooltip, UnstyledButton } from '@mantine/core';
import { IconInfoCircle, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../auth/session';
import { ownerEntry } from './menu';
import { titleText } from '../../engine/i18n';
import { screenIcon } from '../../engine/ui/icons';
import classes from './Shell.module.css';

function NavLink({ label, link, icon: Icon, active }: { label: string; link: string; icon: Icon; active: boolean }) {
  return (
    <Tooltip label={label} position="right" withArrow transitionProps={{ duration: 0 }}>
      <UnstyledButton
        component={Link}
        to={link}
        className={classes.link}
        data-active={active || undefined}
        aria-label={label}
        aria-current={active ? 'page' : undefined}
      >
        <Icon size={22} stroke={1.6} />
      </UnstyledButton>
    </Tooltip>
  );
}

/** The compact left icon menu: entries from the server, the about page at the bottom. */
export function NavMenu() {
  const { t } = useTranslation();
  const { menu, config } = useSession();
  const { pathname } = useLocation();
  const active = ownerEntry(menu, config?.screens ?? [], pathname);
  return (
    <>
      <Link to="/" className={classes.brand} aria-label={t('app.name')}>
        <img src="/logo.svg" alt="" width={38} height={38} />
      </Link>
      <nav aria-label={t('shell.menu')} className={classes.menu}>
        {menu.map((entry) => (
          <NavLink key={entry.link} label={titleText(t, entry.name)} link={entry.link} icon={screenIcon(entry.icon)} active={entry === active} />
        ))}
      </nav>
      <div className={classes.menu} style={{ marginTop: 'auto' }}>
        <NavLink label={t('page.about.title')} link="/about" icon={IconInfoCircle} active={pathname === '/about'} />
      </div>
    </>
  );
}
