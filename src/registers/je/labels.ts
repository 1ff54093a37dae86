/**
 * The registry's own words: the labels of its entity and search pages, and the titles and labels of the entity
 * profile report PDF (registers/je.md). The emulator prints them and the connector looks for them, so they are the
 * format, written once.
 */

/** Label/value pairs of an entity page. */
export const ENTITY_LABELS = {
  number: 'Registration Number:',
  type: 'Type:',
  status: 'Status:',
  registeredOn: 'Registered on:',
} as const;

/** The columns of the search results table and of an entity page's previous names. */
export const SEARCH_COLUMNS = {
  name: 'Name',
  number: 'Registration Number',
  type: 'Type',
  status: 'Status',
  registeredOn: 'Registered on',
} as const;
export const PREVIOUS_NAMES_HEADING = 'Previous Names';
/** Written under a search hit's name when the query matched one of its former names. */
export const PREVIOUS_NAME_PREFIX = 'Previously:';
/** The confirmation page of a report order. */
export const ORDER_REFERENCE_LABEL = 'Order reference:';

export const REPORT_TITLE = 'Entity Profile Report';
export const REPORT_SECTIONS = {
  entity: 'Entity Details',
  office: 'Registered Office',
  capital: 'Share Capital',
  directors: 'Directors',
  secretary: 'Secretary',
  shareholders: 'Shareholders',
} as const;

export const REPORT_LABELS = {
  name: 'Entity Name',
  number: 'Registration Number',
  type: 'Entity Type',
  status: 'Status',
  registeredOn: 'Registered On',
  addressLine1: 'Address Line 1',
  addressLine2: 'Address Line 2',
  city: 'Parish / Town',
  postalCode: 'Postcode',
  capital: 'Issued Share Capital',
  issuedShares: 'Issued Shares',
  personName: 'Name',
  directorKind: 'Director Type',
  appointedOn: 'Appointed On',
  nationality: 'Nationality',
  birth: 'Month / Year of Birth',
  address: 'Service Address',
  secretaryKind: 'Secretary Type',
} as const;

/** A person's kind as the report prints it. */
export const KIND_WORDS = { individual: 'Individual', corporate: 'Corporate' } as const;
/** Each director's block starts with this heading and a number: "Director 2". */
export const DIRECTOR_HEADING = 'Director';
export const SHAREHOLDER_COLUMNS = ['Name', 'Holder Type', 'Shares Held', 'Share Class'] as const;
export const NOT_DISCLOSED = 'Shareholder details have not been disclosed to the registry.';
export const NONE_REGISTERED = 'None registered.';

/** The registry's paths: entity pages (+ `/report-orders`), the search, the captcha answer, report downloads. */
export const PATHS = {
  entity: '/registry/registry-entities/entity/',
  search: '/registry/registry-entities/',
  captcha: '/registry/verify',
  reports: '/registry/reports/',
} as const;
