import { Outlet } from 'react-router-dom';
import { LanguageSwitch } from '../../features/language/LanguageSwitch.js';
import './public.css';

/** Sign-in, password reset and the sign-on error page: the language can be changed before signing in. */
export function PublicLayout() {
  return (
    <div className="public">
      <div className="public__corner">
        <LanguageSwitch />
      </div>
      <Outlet />
    </div>
  );
}
