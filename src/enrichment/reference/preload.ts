import { naceClasses } from './activities.ts';
import { elfEntries } from './legal-forms.ts';

/**
 * Reads and indexes every reference list now rather than on the first request that needs one: parsing them (ELF,
 * NACE, ISIC and their link, 1.4 MB of CSV) took 0.4-0.8 s, which the first onboarding request after a start paid.
 */
export function preloadReferenceLists(): void {
  elfEntries();
  naceClasses();
}
