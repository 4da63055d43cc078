/** @jsxImportSource preact */
/** Renders the page into its root, replacing the static skeleton of visit.html. */
import { render } from 'preact';
import { VisitPageView, type VisitPageProps } from './VisitPage.js';

export function mount(root: HTMLElement, props: VisitPageProps): void {
  root.textContent = '';
  render(<VisitPageView {...props} />, root);
}
