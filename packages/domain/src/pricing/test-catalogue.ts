import data from '../../data/ndis-support-items.json';
import { NdisCatalogue, type CatalogueItem } from './ndis-catalogue';

/** Test support: the catalogue from packages/domain/data/ndis-support-items.json, as the API loads it (dollars to cents, editions from 1 July). */
type DataItem = Omit<CatalogueItem, 'priceNationalCents' | 'priceRemoteCents' | 'priceVeryRemoteCents' | 'effectiveFrom'> & {
  priceNational: number | null;
  priceRemote: number | null;
  priceVeryRemote: number | null;
};

const cents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));

export function catalogueItemsFromData(): CatalogueItem[] {
  return (data as DataItem[]).map((item) => ({
    number: item.number,
    name: item.name,
    lineItemGroup: item.lineItemGroup,
    level: item.level,
    timeBand: item.timeBand,
    unit: item.unit,
    priceNationalCents: cents(item.priceNational),
    priceRemoteCents: cents(item.priceRemote),
    priceVeryRemoteCents: cents(item.priceVeryRemote),
    edition: item.edition,
    effectiveFrom: `${item.edition.slice(0, 4)}-07-01`,
  }));
}

export function testCatalogue(): NdisCatalogue {
  return new NdisCatalogue(catalogueItemsFromData());
}
