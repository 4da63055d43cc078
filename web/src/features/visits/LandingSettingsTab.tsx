/**
 * The landing pages settings tab (SPEC §2; §3 landing_settings, vcard_settings' logo; managers and
 * admins): the branding of the customer's visit page: its header (image, logo, text, colour,
 * link) with a live preview, the texts around the visit, the buttons' and form's words, and the
 * pay button. The images go straight to storage (landingImages.ts); the rest saves with the form.
 */
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import useSWR, { mutate } from 'swr';
import { settingsSchemas, type SettingsOf } from '../../../../shared/schemas/settings.js';
import type { LandingImage, LandingImages } from '../../../../shared/visits/branding.js';
import { api } from '../../lib/api.js';
import { reportFailure } from '../../lib/failures.js';
import { serverMessage } from '../../lib/request-errors.js';
import { ApiError } from '../../lib/request.js';
import { brandColours } from '../../visitPage/brand.js';
import { imageRefusal, imagesPath, removeLandingImage, uploadLandingImage } from './landingImages.js';

type Landing = SettingsOf<'landing_settings'>;
const settingsPath = (locationId: string) => `/api/locations/${encodeURIComponent(locationId)}/landing_settings`;

const TEXT_FIELDS = ['intro', 'body', 'footer', 'disclaimer', 'outro_text_positive', 'outro_text_negative'] as const;
const SHORT_FIELDS = ['yes_button_text', 'no_button_text', 'name_label', 'email_label'] as const;
const BUTTON_STYLES = ['default', 'primary', 'info', 'warning', 'danger'] as const;

export function LandingSettingsTab({ locationId }: { locationId: string }) {
  const { t } = useTranslation('visits');
  const path = settingsPath(locationId);
  const settings = useSWR<{ landing_settings: Landing }>(path, { revalidateOnFocus: false });
  const images = useSWR<{ images: LandingImages }>(imagesPath(locationId), { revalidateOnFocus: false });
  return (
    <div className="landing-settings" data-testid="settings-landing-pages">
      <h2 className="settings__heading">{t('landing.title')}</h2>
      <p className="settings__muted">{t('landing.intro_hint')}</p>
      {settings.data && images.data ? (
        // Not keyed by the saved values: a save that answers while a logo uploads must not remount the
        // image fields, which would lose the upload's progress and any refusal it brings.
        <LandingForm key={locationId} locationId={locationId} path={path} initial={settings.data.landing_settings} images={images.data.images} />
      ) : (
        <section className="settings__card">
          <p className="settings__muted">{settings.error || images.error ? t('landing.load_failed') : t('landing.loading')}</p>
        </section>
      )}
    </div>
  );
}

function LandingForm({ locationId, path, initial, images }: { locationId: string; path: string; initial: Landing; images: LandingImages }) {
  const { t } = useTranslation('visits');
  const ids = useId();
  const [form, setForm] = useState<Landing>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const set = <K extends keyof Landing>(key: K, value: Landing[K]) => {
    setProblem(null);
    setForm((current) => ({ ...current, [key]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's own schema: the form refuses what the server would.
    const checked = settingsSchemas.landing_settings.safeParse({ ...form, link: form.link.trim() });
    if (!checked.success) {
      setProblem(checked.error.issues.some((issue) => issue.path[0] === 'link') ? t('landing.link_https') : checked.error.issues.some((issue) => issue.path[0] === 'colour') ? t('landing.colour_invalid') : t('landing.invalid_values'));
      return;
    }
    // The images are saved as they are uploaded: the form sends its own fields only.
    const { header_image_key: _image, ...values } = checked.data;
    setBusy(true);
    try {
      const answer = await api.request<{ landing_settings: Landing }>(path, { method: 'POST', body: { landing_settings: values }, expected: { statuses: [400, 403, 422] } });
      await mutate(path, answer, { revalidate: false });
      setForm(answer.landing_settings);
      toast.success(t('landing.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.action.kind === 'expected') setProblem(serverMessage(error.body) || t('landing.invalid_values'));
      else reportFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const problemId = `${ids}-problem`;
  const colourValid = /^#[0-9a-fA-F]{6}$/.test(form.colour);
  return (
    <>
      <HeaderPreview form={form} images={images} />
      <section className="settings__card" aria-labelledby={`${ids}-images`}>
        <h3 id={`${ids}-images`} className="landing-settings__subheading">
          {t('landing.images')}
        </h3>
        <ImageField locationId={locationId} image="header" url={images.header_image_url} />
        <ImageField locationId={locationId} image="logo" url={images.logo_url} />
      </section>
      <form className="form settings__form settings__card" noValidate onSubmit={(event) => void submit(event)} aria-describedby={problem ? problemId : undefined}>
        <h3 className="landing-settings__subheading">{t('landing.header')}</h3>
        <div className="field">
          <label htmlFor={`${ids}-text`}>{t('landing.text')}</label>
          <input id={`${ids}-text`} type="text" data-testid="landing-text" maxLength={1600} value={form.text} onChange={(event) => set('text', event.target.value)} />
        </div>
        <div className="settings__pair">
          <div className="field">
            <label htmlFor={`${ids}-colour`}>{t('landing.colour')}</label>
            <div className="landing-settings__colour">
              <input type="color" aria-label={t('landing.colour_picker')} value={colourValid ? form.colour : '#1f4e79'} onChange={(event) => set('colour', event.target.value)} />
              <input
                id={`${ids}-colour`}
                type="text"
                data-testid="landing-colour"
                maxLength={7}
                aria-invalid={!colourValid || undefined}
                aria-describedby={`${ids}-colour-hint`}
                value={form.colour}
                onChange={(event) => set('colour', event.target.value.trim())}
              />
            </div>
            <p className="field__hint" id={`${ids}-colour-hint`}>
              {t('landing.colour_hint')}
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-link`}>{t('landing.link')}</label>
            <input
              id={`${ids}-link`}
              type="text"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              data-testid="landing-link"
              aria-describedby={`${ids}-link-hint`}
              value={form.link}
              onChange={(event) => set('link', event.target.value)}
            />
            <p className="field__hint" id={`${ids}-link-hint`}>
              {t('landing.link_hint')}
            </p>
          </div>
        </div>
        <h3 className="landing-settings__subheading">{t('landing.texts')}</h3>
        {TEXT_FIELDS.map((key) => (
          <div className="field" key={key}>
            <label htmlFor={`${ids}-${key}`}>{t(`landing.${key}`)}</label>
            <textarea id={`${ids}-${key}`} className="settings__textarea" data-testid={`landing-${key}`} rows={3} maxLength={1600} value={form[key]} onChange={(event) => set(key, event.target.value)} />
          </div>
        ))}
        <h3 className="landing-settings__subheading">{t('landing.buttons')}</h3>
        <p className="field__hint">{t('landing.buttons_hint')}</p>
        <div className="landing-settings__grid">
          {SHORT_FIELDS.map((key) => (
            <div className="field" key={key}>
              <label htmlFor={`${ids}-${key}`}>{t(`landing.${key}`)}</label>
              <input id={`${ids}-${key}`} type="text" data-testid={`landing-${key}`} maxLength={60} value={form[key]} onChange={(event) => set(key, event.target.value)} />
            </div>
          ))}
          <div className="field">
            <label htmlFor={`${ids}-style`}>{t('landing.button_css_class')}</label>
            <select id={`${ids}-style`} value={form.button_css_class} onChange={(event) => set('button_css_class', BUTTON_STYLES.find((style) => style === event.target.value) ?? 'primary')}>
              {BUTTON_STYLES.map((style) => (
                <option key={style} value={style}>
                  {t(`landing.style_${style}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label className="check">
          <input type="checkbox" data-testid="landing-pay-button" checked={form.pay_button} onChange={(event) => set('pay_button', event.target.checked)} />
          {t('landing.pay_button')}
        </label>
        {problem ? (
          <p className="notice notice--error" role="alert" id={problemId} data-testid="landing-problem">
            {problem}
          </p>
        ) : null}
        <div className="settings__actions">
          <button type="submit" className="button button--primary" data-testid="landing-save" disabled={busy || !dirty} aria-busy={busy || undefined}>
            {t('landing.save')}
          </button>
        </div>
      </form>
    </>
  );
}

/** The visit page's header as the customer will see it, with the form's values as they are typed. */
function HeaderPreview({ form, images }: { form: Landing; images: LandingImages }) {
  const { t } = useTranslation('visits');
  const colours = brandColours(form.colour);
  return (
    <section className="settings__card" aria-label={t('landing.preview')} data-testid="landing-preview">
      <p className="settings__muted">{t('landing.preview')}</p>
      <div className="landing-preview" style={{ background: colours.brand, color: colours.onBrand }}>
        {images.logo_url ? <img className="landing-preview__logo" src={images.logo_url} alt={t('landing.logo_alt')} /> : null}
        <span className="landing-preview__text">{form.text.trim() || t('landing.text_placeholder')}</span>
      </div>
      {images.header_image_url ? <img className="landing-preview__image" src={images.header_image_url} alt={t('landing.header_image_alt')} /> : null}
      {form.intro.trim() ? <p className="landing-preview__intro">{form.intro}</p> : null}
    </section>
  );
}

function ImageField({ locationId, image, url }: { locationId: string; image: LandingImage; url: string | null }) {
  const { t } = useTranslation('visits');
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function done(work: Promise<LandingImages>, message: string) {
    setBusy(true);
    setProblem(null);
    try {
      await mutate(imagesPath(locationId), { images: await work }, { revalidate: false });
      toast.success(message);
    } catch (error) {
      if (error instanceof ApiError && error.action.kind === 'expected') setProblem(serverMessage(error.body) || t('landing.upload_failed'));
      else setProblem(t('landing.upload_failed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const refusal = imageRefusal(file);
    if (refusal) {
      setProblem(t(`landing.refused_${refusal}`));
      event.target.value = '';
      return;
    }
    void done(uploadLandingImage(locationId, image, file), t(`landing.${image}_saved`));
  }

  return (
    <div className="field landing-settings__image" data-testid={`landing-image-${image}`}>
      <label htmlFor={`${ids}-file`}>{t(`landing.${image}_image`)}</label>
      <p className="field__hint" id={`${ids}-hint`}>
        {url ? t('landing.image_set') : t('landing.image_none')} {t('landing.image_hint')}
      </p>
      <div className="landing-settings__image-row">
        <input
          ref={input}
          id={`${ids}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          data-testid={`landing-upload-${image}`}
          aria-describedby={`${ids}-hint`}
          disabled={busy}
          onChange={picked}
        />
        {url ? (
          <button type="button" className="button" data-testid={`landing-remove-${image}`} disabled={busy} onClick={() => void done(removeLandingImage(locationId, image), t(`landing.${image}_removed`))}>
            {t(`landing.remove_${image}`)}
          </button>
        ) : null}
      </div>
      {busy ? (
        <p className="settings__muted" role="status">
          {t('landing.uploading')}
        </p>
      ) : null}
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
