/** The phone site (SPEC §2, §4): which browsers are sent to /m/, where, and the way back. */
import { describe, expect, it } from 'vitest';
import { addressInLayout, isPhoneDevice, onPhoneSite, phoneSiteAddress } from '../../web/src/lib/site.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36';
const CHROMEBOOK = 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('the phone site', () => {
  it('takes phones for phones, and tablets and computers not', () => {
    expect(isPhoneDevice(IPHONE)).toBe(true);
    expect(isPhoneDevice(ANDROID_PHONE)).toBe(true);
    expect(isPhoneDevice(ANDROID_TABLET)).toBe(false);
    expect(isPhoneDevice(IPAD)).toBe(false);
    expect(isPhoneDevice(DESKTOP)).toBe(false);
    expect(isPhoneDevice(CHROMEBOOK)).toBe(false);
  });

  it('sends a phone to the same screen under /m/, with its query and fragment', () => {
    expect(phoneSiteAddress(at('/app/'), IPHONE)).toBe('/m/');
    expect(phoneSiteAddress(at('/app/appointments', '?appointment=a1', '#x'), ANDROID_PHONE)).toBe('/m/appointments?appointment=a1#x');
  });

  it('opens the board, not another sign-in page, when the phone has just signed in', () => {
    for (const page of ['/app/sign_in', '/app/magicLogin', '/app/password_reset', '/app/login/seamless_error']) {
      expect(phoneSiteAddress(at(page, '?lang=fr'), IPHONE), page).toBe('/m/');
    }
  });

  it('leaves computers, tablets and pages already on /m/ where they are', () => {
    expect(phoneSiteAddress(at('/app/'), DESKTOP)).toBeNull();
    expect(phoneSiteAddress(at('/app/'), IPAD)).toBeNull();
    expect(phoneSiteAddress(at('/m/appointments'), IPHONE)).toBeNull();
  });

  it('knows /m and /m/… as the phone site and nothing else', () => {
    expect(onPhoneSite('/m')).toBe(true);
    expect(onPhoneSite('/m/mpi')).toBe(true);
    expect(onPhoneSite('/mail')).toBe(false);
    expect(onPhoneSite('/app/m/')).toBe(false);
  });

  it('opens the same screen in the other layout', () => {
    expect(addressInLayout('desktop', at('/m/appointments', '?a=1'))).toBe(`${import.meta.env.BASE_URL}appointments?a=1`);
    expect(addressInLayout('phone', at('/app/mpi'))).toBe('/m/mpi');
    expect(addressInLayout('phone', at('/app'))).toBe('/m/');
  });
});
