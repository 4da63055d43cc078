/**
 * Makes the demo album's media (functions/gallery/demo.ts) offline, in Chromium (no image or video
 * tool needed): three JPEG photos drawn on a canvas, a short WebM walk-around recorded from a
 * canvas with MediaRecorder, and the video's poster frame. Run once and commit the files: `node --import tsx functions/gallery/demoMedia/make.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../../../test/support/chromium.js';

const DIR = import.meta.dirname;

/** Drawn in the page: a car's side with a highlighted part, the label below. */
const DRAW = `
// tsx names the functions this script hands to the page; the page has no helper of that name.
window.__name = (f) => f;
window.drawCar = (ctx, w, h, label, hue, at) => {
  const sky = ctx.createLinearGradient(0, 0, 0, h);
  sky.addColorStop(0, 'hsl(' + hue + ', 45%, 82%)');
  sky.addColorStop(1, 'hsl(' + hue + ', 25%, 55%)');
  ctx.fillStyle = sky; ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#3b4252'; ctx.fillRect(0, h * 0.78, w, h * 0.22);
  const x = w * 0.12 + at * w * 0.1, y = h * 0.42;
  ctx.fillStyle = '#b03a2e';
  ctx.beginPath(); ctx.roundRect(x, y, w * 0.66, h * 0.22, 24); ctx.fill();
  ctx.beginPath(); ctx.roundRect(x + w * 0.14, y - h * 0.14, w * 0.34, h * 0.16, 30); ctx.fill();
  ctx.fillStyle = '#cfe3f3'; ctx.fillRect(x + w * 0.17, y - h * 0.11, w * 0.13, h * 0.1); ctx.fillRect(x + w * 0.32, y - h * 0.11, w * 0.13, h * 0.1);
  for (const cx of [x + w * 0.14, x + w * 0.52]) {
    ctx.fillStyle = '#111'; ctx.beginPath(); ctx.arc(cx, y + h * 0.22, h * 0.09, 0, Math.PI * 2); ctx.fill();
    ctx.fillStyle = '#9aa5b1'; ctx.beginPath(); ctx.arc(cx, y + h * 0.22, h * 0.04, 0, Math.PI * 2); ctx.fill();
  }
  ctx.strokeStyle = '#ffd23f'; ctx.lineWidth = 8; ctx.beginPath(); ctx.arc(x + w * 0.14, y + h * 0.22, h * 0.12, 0, Math.PI * 2); ctx.stroke();
  ctx.fillStyle = 'rgba(0,0,0,0.55)'; ctx.fillRect(0, h - 70, w, 70);
  ctx.fillStyle = '#fff'; ctx.font = 'bold 34px sans-serif'; ctx.fillText(label, 24, h - 24);
};`;

const PHOTOS = [
  { file: 'front-left-tyre.jpg', label: 'Front left tyre: 2 mm tread', hue: 205 },
  { file: 'brake-pads.jpg', label: 'Front brake pads: worn', hue: 30 },
  { file: 'wiper-blades.jpg', label: 'Wiper blades: cracked', hue: 140 },
];

async function main(): Promise<void> {
  const { browser } = await launchChromium();
  const page = await browser.newPage();
  await page.setContent('<canvas id="c" width="1024" height="768"></canvas>');
  await page.addScriptTag({ content: DRAW });
  for (const photo of PHOTOS) {
    const base64 = await page.evaluate(async ({ label, hue }) => {
      const canvas = document.getElementById('c') as HTMLCanvasElement;
      (window as unknown as { drawCar: (...args: unknown[]) => void }).drawCar(canvas.getContext('2d'), canvas.width, canvas.height, label, hue, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.72));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    }, photo);
    writeFileSync(join(DIR, photo.file), Buffer.from(base64, 'base64'));
  }
  // Three seconds at 640x480, VP8 at a low bit rate: a walk-around clip well under 400 KB.
  const video = await page.evaluate(async () => {
    const canvas = document.getElementById('c') as HTMLCanvasElement;
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(24), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 400_000 });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const done = new Promise<void>((resolve) => (recorder.onstop = () => resolve()));
    recorder.start();
    const start = performance.now();
    await new Promise<void>((resolve) => {
      const frame = () => {
        const at = (performance.now() - start) / 3000;
        (window as unknown as { drawCar: (...args: unknown[]) => void }).drawCar(ctx, 640, 480, 'Walk-around', 210 + at * 60, at);
        if (at < 1) requestAnimationFrame(frame);
        else resolve();
      };
      frame();
    });
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  writeFileSync(join(DIR, 'walkaround.webm'), Buffer.from(video, 'base64'));
  // The video's poster: its middle frame, as the console's renditions would take it.
  const poster = await page.evaluate(async () => {
    const canvas = document.getElementById('c') as HTMLCanvasElement;
    (window as unknown as { drawCar: (...args: unknown[]) => void }).drawCar(canvas.getContext('2d'), 640, 480, 'Walk-around', 240, 0.5);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.72));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  writeFileSync(join(DIR, 'walkaround-poster.jpg'), Buffer.from(poster, 'base64'));
  await browser.close();
}

await main();
