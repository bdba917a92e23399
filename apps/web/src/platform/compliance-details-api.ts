import {
  clientComplianceSchema,
  complianceHistorySchema,
  complianceOverviewSchema,
  complianceSectionResponseSchema,
  type ClientCompliance,
  type ComplianceHistory,
  type ComplianceOverview,
  type ComplianceSectionKey,
  type ComplianceSectionResponse,
} from '@tendly/domain/compliance-details';
import { apiDownload, apiRequest } from './api-client';

/** The compliance details API (issue 16): the care seeker's own sections, and a worker's reading of a client's. */
export const complianceQueryKeys = {
  overview: ['compliance-details'] as const,
  section: (key: ComplianceSectionKey) => ['compliance-details', key] as const,
  history: (key: ComplianceSectionKey) => ['compliance-details', key, 'history'] as const,
  client: (contractId: string) => ['contracts', contractId, 'compliance-details'] as const,
  clientSection: (contractId: string, key: ComplianceSectionKey) => ['contracts', contractId, 'compliance-details', key] as const,
};

export function fetchComplianceOverview(signal?: AbortSignal): Promise<ComplianceOverview> {
  return apiRequest('/compliance-details', { schema: complianceOverviewSchema, signal });
}

export function fetchComplianceSection(key: ComplianceSectionKey, signal?: AbortSignal): Promise<ComplianceSectionResponse> {
  return apiRequest(`/compliance-details/${key}`, { schema: complianceSectionResponseSchema, signal });
}

export function fetchComplianceHistory(key: ComplianceSectionKey, signal?: AbortSignal): Promise<ComplianceHistory> {
  return apiRequest(`/compliance-details/${key}/history`, { schema: complianceHistorySchema, signal });
}

export function saveComplianceSection(key: ComplianceSectionKey, data: Record<string, unknown>): Promise<ComplianceSectionResponse> {
  return apiRequest(`/compliance-details/${key}`, { method: 'PUT', body: data, schema: complianceSectionResponseSchema });
}

export function addComplianceEntry(key: 'checkIns' | 'incidentReports', entry: Record<string, unknown>): Promise<ComplianceSectionResponse> {
  return apiRequest(`/compliance-details/${key}/entries`, { method: 'POST', body: entry, schema: complianceSectionResponseSchema });
}

export function downloadCompliancePdf(key: ComplianceSectionKey): Promise<string> {
  return apiDownload(`/compliance-details/${key}/pdf`, { fallbackFileName: `${key}.pdf` });
}

export function fetchClientCompliance(contractId: string, signal?: AbortSignal): Promise<ClientCompliance> {
  return apiRequest(`/contracts/${encodeURIComponent(contractId)}/compliance-details`, { schema: clientComplianceSchema, signal });
}

export function fetchClientComplianceSection(contractId: string, key: ComplianceSectionKey, signal?: AbortSignal): Promise<ComplianceSectionResponse> {
  return apiRequest(`/contracts/${encodeURIComponent(contractId)}/compliance-details/${key}`, { schema: complianceSectionResponseSchema, signal });
}

export function downloadClientCompliancePdf(contractId: string, key: ComplianceSectionKey): Promise<string> {
  return apiDownload(`/contracts/${encodeURIComponent(contractId)}/compliance-details/${key}/pdf`, { fallbackFileName: `${key}.pdf` });
}
