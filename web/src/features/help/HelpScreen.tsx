import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../lib/phone.js';
import { FAQ, matches } from './faq.js';
import { DOWNLOADS, supportContacts } from './supportContacts.js';
import './help.css';

const SUPPORT = supportContacts(import.meta.env);

/**
 * Help (SPEC §2 "help page"): how to reach support by phone, text and e-mail; the tray app, the
 * quick-support app and the translation extension; the questions advisors ask about this console
 * (searchable, each a disclosure); and the op-code guide.
 */
export function HelpScreen() {
  const { t } = useTranslation('help');
  const ids = useId();
  const [search, setSearch] = useState('');
  const shown = FAQ.filter((id) => matches(search, t(`faq.${id}.q`), t(`faq.${id}.a`)));
  const phone = formatPhone(SUPPORT.phone);
  const text = formatPhone(SUPPORT.text);
  return (
    <div className="help" data-testid="help">
      <h1 className="help__title">{t('title')}</h1>

      <section className="help__card" aria-labelledby={`${ids}-contact`}>
        <h2 className="help__heading" id={`${ids}-contact`}>
          {t('contact.title')}
        </h2>
        <p className="help__muted">{t('contact.intro')}</p>
        <ul className="help__contacts">
          <li>
            <span className="help__label">{t('contact.phone')}</span>
            <a href={`tel:${SUPPORT.phone}`} data-testid="help-phone">
              {phone}
            </a>
          </li>
          <li>
            <span className="help__label">{t('contact.text')}</span>
            <a href={`sms:${SUPPORT.text}`} data-testid="help-text">
              {text}
            </a>
          </li>
          <li>
            <span className="help__label">{t('contact.email')}</span>
            <a href={`mailto:${SUPPORT.email}`} data-testid="help-email">
              {SUPPORT.email}
            </a>
          </li>
        </ul>
      </section>

      <section className="help__card" aria-labelledby={`${ids}-downloads`}>
        <h2 className="help__heading" id={`${ids}-downloads`}>
          {t('downloads.title')}
        </h2>
        <ul className="help__downloads">
          {DOWNLOADS.map((download) => {
            const url = SUPPORT.downloads[download];
            return (
              <li key={download} data-testid={`help-download-${download}`}>
                <h3 className="help__subheading">{t(`downloads.${download}.name`)}</h3>
                <p className="help__muted">{t(`downloads.${download}.what`)}</p>
                {url ? (
                  <a className="button" href={url} rel="noopener" target="_blank">
                    {t(`downloads.${download}.get`)}
                    <span className="visually-hidden"> {t('opens_new_window')}</span>
                  </a>
                ) : (
                  <p className="help__unavailable">{t('downloads.unavailable')}</p>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="help__card" aria-labelledby={`${ids}-faq`}>
        <h2 className="help__heading" id={`${ids}-faq`}>
          {t('faq_title')}
        </h2>
        <div className="field help__search">
          <label htmlFor={`${ids}-search`}>{t('search')}</label>
          <input
            id={`${ids}-search`}
            type="search"
            value={search}
            aria-describedby={`${ids}-found`}
            data-testid="help-search"
            onChange={(event) => setSearch(event.target.value)}
          />
          <p className="field__hint" id={`${ids}-found`} role="status">
            {search.trim() ? (shown.length ? t('found', { count: shown.length }) : t('none_found')) : ''}
          </p>
        </div>
        <div className="help__faq">
          {shown.map((id) => (
            <details key={id} className="help__question" data-testid={`help-faq-${id}`}>
              <summary>{t(`faq.${id}.q`)}</summary>
              <p>{t(`faq.${id}.a`)}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="help__card" aria-labelledby={`${ids}-opcode`} data-testid="help-opcode">
        <h2 className="help__heading" id={`${ids}-opcode`}>
          {t('opcode.title')}
        </h2>
        <p>{t('opcode.what')}</p>
        <h3 className="help__subheading">{t('opcode.rule_title')}</h3>
        <p>{t('opcode.rule')}</p>
        <h3 className="help__subheading">{t('opcode.gatekeeper_title')}</h3>
        <p>{t('opcode.gatekeeper')}</p>
        <h3 className="help__subheading">{t('opcode.where_title')}</h3>
        <p>{t('opcode.where')}</p>
      </section>
    </div>
  );
}
