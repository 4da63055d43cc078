/** @jsxImportSource preact */
/** Renders the page into its root, replacing the static skeleton of inspection.html. */
import { render } from 'preact';
import { InspectionPage, type InspectionPageProps } from './InspectionPage.js';

export function mount(root: HTMLElement, props: InspectionPageProps): void {
  root.textContent = '';
  render(<InspectionPage {...props} />, root);
}
