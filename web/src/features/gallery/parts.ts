/** What the gallery adds to screens it does not own (lib/featureParts.tsx): the repair order's album. */
import type { FeatureParts } from '../../lib/featureParts.js';
import { GallerySection } from './GallerySection.js';
import './gallery.css';

export const parts: FeatureParts = { OrderSection: GallerySection };
