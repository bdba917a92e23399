import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { NDIS_SUPPORT_ITEM_PATTERN } from '@tendly/domain/api/jobs';

/** One NDIS support item of the catalogue the domain package ships (ndis-support-items.json). */
const supportItemSchema = z.object({
  number: z.string().regex(NDIS_SUPPORT_ITEM_PATTERN),
  name: z.string().min(1),
});
export type NdisSupportItem = z.infer<typeof supportItemSchema>;

async function loadSupportItems(): Promise<NdisSupportItem[]> {
  // Loaded only when someone says the support is NDIS funded: most posters never need it.
  const catalogue: { default: unknown } = await import('@tendly/domain/data/ndis-support-items.json');
  const items = z.array(supportItemSchema).parse(catalogue.default);
  // The catalogue lists some items twice (one line item can claim another's number); offer each once.
  const byNumber = new Map<string, NdisSupportItem>();
  for (const item of items) if (!byNumber.has(item.number)) byNumber.set(item.number, item);
  return [...byNumber.values()];
}

/** The NDIS support items to offer for `ndisFundingCode`, loaded once. */
export function useNdisSupportItems(isNeeded: boolean) {
  return useQuery({
    queryKey: ['ndis-support-items'],
    queryFn: loadSupportItems,
    enabled: isNeeded,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
