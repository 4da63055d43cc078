/**
 * The album's text to the customer (gatekeeper `share_album`), in their language, naming the
 * dealership; `link` is the visit page (functions/visits/links.ts) opened at the album. en-ca,
 * en-gb and en-uk read as en-us; `debug` and unknown locales get en-us.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';

const ENGLISH = '{{dealership}}: photos and a video of your vehicle are ready for you to see: {{link}}';

const SHARE_ALBUM: Record<Exclude<Locale, 'debug'>, string> = {
  'en-us': ENGLISH,
  'en-ca': ENGLISH,
  'en-gb': ENGLISH,
  'en-uk': ENGLISH,
  de: '{{dealership}}: Fotos und ein Video Ihres Fahrzeugs stehen für Sie bereit: {{link}}',
  el: '{{dealership}}: Φωτογραφίες και βίντεο του οχήματός σας είναι έτοιμα να τα δείτε: {{link}}',
  es: '{{dealership}}: ya puede ver las fotos y el vídeo de su vehículo: {{link}}',
  fr: '{{dealership}} : les photos et la vidéo de votre véhicule sont disponibles : {{link}}',
  it: '{{dealership}}: foto e video del suo veicolo sono pronti da vedere: {{link}}',
  pt: '{{dealership}}: as fotos e o vídeo do seu veículo já estão disponíveis: {{link}}',
  sv: '{{dealership}}: Bilder och en video av ditt fordon finns nu att titta på: {{link}}',
};

/** The share text in the customer's language. */
export function shareAlbumText(locale: string | null, dealership: string, link: string): string {
  const chosen = locale && isLocale(locale) && locale !== 'debug' ? locale : DEFAULT_LOCALE;
  const template = SHARE_ALBUM[chosen as Exclude<Locale, 'debug'>];
  // Split and join, so a `$` in the store's name is never read as a replacement pattern.
  return template.split('{{dealership}}').join(dealership).split('{{link}}').join(link);
}
