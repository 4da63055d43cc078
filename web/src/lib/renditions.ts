/**
 * The small preview and the thumbnail of a photo or video, made in the browser (shared/media.ts
 * RENDITION_EDGE) for an inspection's items and an order's album: a tablet on the shop floor uploads a 12-megapixel photo once, and every screen
 * after it loads a 1280 px or 320 px JPEG instead. Videos get a frame. When the browser cannot
 * decode the file (HEIC on a desktop, an unusual codec) there are no renditions and the original
 * serves every size.
 */
import { MAX_RENDITION_BYTES, RENDITION_EDGE } from '../../../shared/media.js';

export interface Size {
  width: number;
  height: number;
}

/** Scaled so the longer side is at most `edge`, proportions kept, never enlarged, at least 1 px. */
export function renditionSize(source: Size, edge: number): Size {
  const longer = Math.max(source.width, source.height);
  if (longer <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, edge / longer);
  return { width: Math.max(1, Math.round(source.width * scale)), height: Math.max(1, Math.round(source.height * scale)) };
}

/** JPEG qualities tried in turn until the rendition fits MAX_RENDITION_BYTES. */
export const RENDITION_QUALITIES = [0.82, 0.7, 0.55] as const;

export interface Renditions {
  small: Blob;
  thumb: Blob;
}

/** Photos and videos are what an inspection or an album takes (the server refuses anything else). */
export function mediaKind(contentType: string): 'photo' | 'video' | null {
  if (contentType.startsWith('image/')) return 'photo';
  if (contentType.startsWith('video/')) return 'video';
  return null;
}

function toJpeg(source: CanvasImageSource, size: Size, quality: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  // JPEG has no transparency: a PNG with a clear background would otherwise turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(source, 0, 0, size.width, size.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

async function fittingJpeg(source: CanvasImageSource, natural: Size, edge: number): Promise<Blob | null> {
  const size = renditionSize(natural, edge);
  if (!size.width) return null;
  for (const quality of RENDITION_QUALITIES) {
    const blob = await toJpeg(source, size, quality);
    if (blob && blob.size <= MAX_RENDITION_BYTES) return blob;
  }
  return null;
}

async function both(source: CanvasImageSource, natural: Size): Promise<Renditions | null> {
  const small = await fittingJpeg(source, natural, RENDITION_EDGE.small);
  const thumb = await fittingJpeg(source, natural, RENDITION_EDGE.thumb);
  return small && thumb ? { small, thumb } : null;
}

async function photoRenditions(file: Blob): Promise<Renditions | null> {
  // The photo's EXIF orientation is applied, so a portrait shot is not shown on its side.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    return await both(bitmap, { width: bitmap.width, height: bitmap.height });
  } finally {
    bitmap.close();
  }
}

const FRAME_TIMEOUT_MS = 15_000;

/** A frame a second in (or halfway through a shorter clip): the first frame is often black. */
function videoFrame(file: Blob): Promise<HTMLVideoElement> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const timer = setTimeout(() => fail(new Error('No frame from the video')), FRAME_TIMEOUT_MS);
    function done() {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
    }
    function fail(error: Error) {
      done();
      reject(error);
    }
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.addEventListener('error', () => fail(new Error('The browser cannot play this video')), { once: true });
    video.addEventListener(
      'loadeddata',
      () => {
        const at = Number.isFinite(video.duration) ? Math.min(1, video.duration / 2) : 0;
        video.addEventListener(
          'seeked',
          () => {
            done();
            resolve(video);
          },
          { once: true },
        );
        video.currentTime = at;
      },
      { once: true },
    );
    video.src = url;
  });
}

async function videoRenditions(file: Blob): Promise<Renditions | null> {
  const video = await videoFrame(file);
  return both(video, { width: video.videoWidth, height: video.videoHeight });
}

/** Renditions of a photo or video, or null when this browser cannot make them. */
export async function makeRenditions(file: File): Promise<Renditions | null> {
  try {
    const kind = mediaKind(file.type);
    if (kind === 'photo') return await photoRenditions(file);
    if (kind === 'video') return await videoRenditions(file);
    return null;
  } catch {
    return null;
  }
}
