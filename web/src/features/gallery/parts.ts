/** What the gallery adds to screens it does not own (lib/featureParts.tsx): the repair order's album, in its detail and on the technician's sheet. */
import type { FeatureParts } from '../../lib/featureParts.js';
import { GallerySection, SheetAlbum } from './GallerySection.js';
import './gallery.css';

export const parts: FeatureParts = { OrderSection: GallerySection, SheetSection: SheetAlbum };
