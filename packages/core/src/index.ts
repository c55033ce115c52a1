// Public API of @didban/core. Named exports only: what is not listed here is internal.

export {
  bulkScanNameForAssets,
  bulkScanNameForGroups,
  datedScanName,
  defaultBulkScanName,
} from './assets/bulk-scan-name.js';
export { formatCnameList, parseCnames } from './assets/cname.js';
export {
  discoveryOutcomeFromStats,
  type EmptyDiscoveryReason,
  emptyDiscoveryReason,
} from './assets/discovery-outcome.js';
export {
  ASSET_CSV_COLUMNS,
  type AssetJsonExport,
  assetCsvCells,
  assetCsvHeader,
  assetCsvRow,
  assetExportFileName,
  buildAssetCsv,
  buildAssetJsonExport,
  CSV_BOM,
  csvCell,
  formatTechnologies,
  streamAssetCsv,
} from './assets/export.js';
export {
  applyFilterChoice,
  canAddTextFilter,
  canApplyDateRange,
  type FilterMenuOutcome,
} from './assets/filter-menu.js';
export {
  ASSET_FILTER_KEYS,
  ASSET_OPTION_FIELDS,
  ASSET_PAGE_SIZES,
  ASSET_SORT_COLUMNS,
  type AssetFilterKey,
  type AssetFilters,
  type AssetOptionField,
  type AssetSortColumn,
  isAssetFilterKey,
} from './assets/filters.js';
export { type AssetGroupFormErrors, assetGroupRoots, validateAssetGroupForm } from './assets/group-form.js';
export {
  type AssetListAction,
  type AssetListState,
  type AssetViewType,
  assetListReducer,
  DEFAULT_ASSET_SORT,
  initialAssetListState,
  nextSort,
  type SortDirection,
  toggleFilterValue,
} from './assets/list-state.js';
export { pageThroughAssets } from './assets/page-through-assets.js';
export { allAssetsQuery, allAssetsQueryString, toDateParam } from './assets/query.js';
export { isWildcardHost } from './assets/wildcard.js';
// end teams
// terminal client helpers (workspaces, paging through lists, severity gate)
export { pageThrough, pageThroughAhead } from './cli/page-through.js';
export { pageThroughCursor } from './cli/page-through-cursor.js';
export {
  buildSarif,
  SARIF_SCHEMA_URL,
  SARIF_TARGETS_BASE,
  type SarifFinding,
  type SarifLog,
  type SarifTool,
  sarifArtifactUri,
  sarifResult,
  sarifRule,
  sarifWriter,
} from './cli/sarif.js';
export { countAtOrAbove, isSeverity, SEVERITY_ORDER } from './cli/severity-gate.js';
export {
  type CurrentWorkspace,
  currentWorkspaceSchema,
  fetchCurrentWorkspace,
  findWorkspace,
  listWorkspaces,
  type WorkspaceEntry,
} from './cli/workspaces.js';
// client
export {
  API_PREFIX,
  type ApiClientOptions,
  createHttp,
  type Http,
  REQUEST_TIMEOUT_MS,
} from './client/api-client.js';
export { type ApiClient, createApiClient } from './client/create-client.js';
// alerts and integrations (issue 20)
export { alertEndpoints } from './client/endpoints-alerts.js';
export { assetEndpoints } from './client/endpoints-assets.js';
// licences, payments, plan limits and support tickets (issue 10)
export { billingEndpoints } from './client/endpoints-billing.js';
export { findingEndpoints } from './client/endpoints-findings.js';
// reports (issue 33)
export { reportEndpoints } from './client/endpoints-reports.js';
// scans and vulnerabilities (issue 7)
export { scanEndpoints } from './client/endpoints-scans.js';
export { supportEndpoints, type TicketMessageInput } from './client/endpoints-support.js';
// end workers
// teams and workspaces (issue 9)
export { invitationEndpoints, teamEndpoints } from './client/endpoints-teams.js';
export { workerEndpoints } from './client/endpoints-workers.js';
export { ApiError, normalizeError, UNKNOWN_ERROR_MESSAGE } from './client/errors.js';
// constants
export { LIMITS } from './constants.js';
export {
  type PasswordChangeInput,
  type PasswordForgotInput,
  type PasswordResetInput,
  passwordChangeRequest,
  passwordForgotRequest,
  passwordForgotResponse,
  passwordResetRequest,
  signedOutResponse,
} from './contract/account-security.js';
export {
  ALERT_CHANNEL_KINDS,
  ALERT_DIGESTS,
  ALERT_SEVERITIES,
  ALERT_TRIGGERS,
  ALERT_WEBHOOK_PAYLOAD_VERSION,
  type AlertChannel,
  type AlertChannelInput,
  type AlertChannelKind,
  type AlertChannelUpdateInput,
  type AlertDelivery,
  type AlertEventKind,
  type AlertRule,
  type AlertRuleInput,
  type AlertRuleUpdateInput,
  type AlertTrigger,
  alertChannelInputSchema,
  alertChannelListSchema,
  alertChannelSchema,
  alertChannelUpdateSchema,
  alertDeliveryListSchema,
  alertDeliveryQuery,
  alertDeliverySchema,
  alertRuleInputSchema,
  alertRuleListSchema,
  alertRuleSchema,
  alertRuleUpdateSchema,
  DELIVERY_STATUSES as ALERT_DELIVERY_STATUSES,
  TRACKER_CHANNEL_KINDS,
} from './contract/alerts.js';
// asset endpoints (issue 30): what the discovery crawl found (a DAST run fuzzes them)
export {
  ASSET_ENDPOINT_BODY_MAX,
  ASSET_ENDPOINT_URL_MAX,
  ASSET_ENDPOINTS_MAX,
  ASSET_ENDPOINTS_PER_RESULT_MAX,
  type AssetEndpoint,
  type AssetEndpointPage,
  type AssetEndpointQuery,
  assetEndpointPageSchema,
  assetEndpointQuerySchema,
  assetEndpointSchema,
  type DiscoveredEndpoint,
  discoveredEndpointSchema,
} from './contract/asset-endpoints.js';
// workers, task queue and discovery results (issue 4)
// end templates (contract)
// assets: groups, inventory state, filters, exports, enumerations (issue 5)
export {
  type Asset,
  type AssetChange,
  type AssetCursorPage,
  type AssetDetail,
  type AssetGroup,
  type AssetGroupListQuery,
  type AssetGroupPatchInput,
  type AssetGroupWriteInput,
  type AssetTechnology,
  assetChangeSchema,
  assetCursorPageSchema,
  assetDetailSchema,
  assetGroupListQuery,
  assetGroupPatchSchema,
  assetGroupSchema,
  assetGroupWriteSchema,
  assetSchema,
  assetTechnologySchema,
  type DiscoveryOutcome,
  discoveryOutcomeSchema,
  discoveryStartedSchema,
  ENUMERATION_FREQUENCIES,
  type Enumeration,
  type EnumerationHistory,
  type EnumerationSchedule,
  type EnumerationScheduleWriteInput,
  type EnumerationStatus,
  enumerationHistorySchema,
  enumerationPatchSchema,
  enumerationSchedulePatchSchema,
  enumerationScheduleSchema,
  enumerationScheduleWriteSchema,
  enumerationSchema,
  enumerationStatusSchema,
  type FilterOption,
  fieldChangeSchema,
  filterOptionSchema,
  type HistoryComparison,
  historyComparisonSchema,
  MAX_ASSET_CURSOR_PAGE_SIZE,
  type TechnologySummary,
  technologySummarySchema,
} from './contract/assets.js';
// contract
export {
  type AuthProviders,
  authProvidersResponse,
  type EmailVerifyResponse,
  emailVerifyRequest,
  emailVerifyResponse,
  type GithubSession,
  githubEndpointQuery,
  githubEndpointResponse,
  githubExchangeRequest,
  githubSessionSchema,
  resendVerificationResponse,
  type Session,
  sessionSchema,
  type TokenVerifyResponse,
  tokenVerifyRequest,
  tokenVerifyResponse,
} from './contract/auth.js';
export {
  type ActiveLicense,
  activeLicenseSchema,
  DEFAULT_FREE_PLAN_LIMITS,
  LIMIT_KINDS,
  type License,
  type LicenseList,
  type LimitKind,
  licenseListSchema,
  licenseSchema,
  ORDER_STATUSES,
  type Order,
  type OrderList,
  type OrderListQuery,
  type OrderStatus,
  orderListQuery,
  orderListSchema,
  orderSchema,
  orderStatusSchema,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type PaymentRedirect,
  type PaymentRequestInput,
  type PaymentVerifyQuery,
  type PaymentVerifyResult,
  type Plan,
  type PlanLimits,
  paymentProviderSchema,
  paymentRedirectSchema,
  paymentRequestSchema,
  paymentVerifyQuery,
  paymentVerifyResultSchema,
  planSchema,
  UPGRADE_PATH,
} from './contract/billing.js';
export {
  type ApiErrorBody,
  apiErrorSchema,
  envelope,
  type PagedList,
  type PageQuery,
  pagedList,
  pageInfo,
  pageQuery,
} from './contract/envelope.js';
// notifications and feedback
export {
  type FeedbackInput,
  type FeedbackItem,
  feedbackItemSchema,
  feedbackSchema,
} from './contract/feedback.js';
// findings lifecycle: history, comments, SLA, retests, bulk triage (issue 32)
export * from './contract/findings.js';
export {
  markAllSeenSchema,
  type Notification,
  type NotificationFeed,
  type NotificationHistory,
  notificationFeedSchema,
  notificationHistorySchema,
  notificationSchema,
} from './contract/notifications.js';
// reports (issue 33)
export {
  PRESET_SECTIONS,
  REPORT_CADENCES,
  REPORT_FORMATS,
  REPORT_PRESETS,
  REPORT_SCOPE_KINDS,
  REPORT_SECTIONS,
  REPORT_STATUSES,
  type Report,
  type ReportCadence,
  type ReportCreateInput,
  type ReportFormat,
  type ReportPreset,
  type ReportSchedule,
  type ReportScheduleInput,
  type ReportScopeKind,
  type ReportSection,
  type ReportStatus,
  reportCreateSchema,
  reportListSchema,
  reportScheduleInputSchema,
  reportScheduleListSchema,
  reportScheduleSchema,
  reportSchema,
} from './contract/reports.js';
// end assets
export * from './contract/scans.js';
export {
  MESSAGE_TYPES,
  type MessageType,
  messageTypeSchema,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_MESSAGE_MAX,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_TITLE_MAX,
  type Ticket,
  type TicketCreateInput,
  type TicketList,
  type TicketListQuery,
  type TicketMessage,
  type TicketMessagePage,
  type TicketPerson,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
  type TicketTypeCreateInput,
  type TicketUpdateInput,
  ticketCreateSchema,
  ticketListQuery,
  ticketListSchema,
  ticketMessagePageQuery,
  ticketMessagePageSchema,
  ticketMessageSchema,
  ticketPersonSchema,
  ticketPrioritySchema,
  ticketSchema,
  ticketStatusSchema,
  ticketTypeCreateSchema,
  ticketTypeListSchema,
  ticketTypeSchema,
  ticketUpdateSchema,
} from './contract/support.js';
export {
  INVITATION_STATUSES,
  type InvitationListQuery,
  type InvitationStatus,
  invitationListQuery,
  invitationStatusSchema,
  JOIN_REQUEST_STATUSES,
  type JoinRequestListQuery,
  type JoinRequestStatus,
  joinRequestListQuery,
  joinRequestStatusSchema,
  TEAM_ACTIVITY_ACTIONS,
  TEAM_ROLES,
  type TeamActivity,
  type TeamActivityAction,
  type TeamDetail,
  type TeamInvitation,
  type TeamJoinRequest,
  type TeamMember,
  type TeamPerson,
  type TeamRole,
  type TeamSummary,
  teamActivityActionSchema,
  teamActivitySchema,
  teamDetailSchema,
  teamDoneSchema,
  teamInvitationSchema,
  teamJoinRequestSchema,
  teamMemberSchema,
  teamPersonSchema,
  teamRoleSchema,
  teamSummarySchema,
} from './contract/teams.js';
// template runs: scan now on /templates, the 'template-run' task kind, target lists
export {
  isTemplateRunDone,
  TEMPLATE_RUN_EVIDENCE_MAX,
  TEMPLATE_RUN_MAX_TARGETS,
  TEMPLATE_RUN_MAX_TEMPLATES,
  TEMPLATE_RUN_STATUSES,
  type TemplateRun,
  type TemplateRunFinding,
  type TemplateRunPayload,
  type TemplateRunProblem,
  type TemplateRunResult,
  type TemplateRunStatus,
  type TemplateScanNowInput,
  templateRunFindingSchema,
  templateRunPayloadSchema,
  templateRunProblemSchema,
  templateRunResultSchema,
  templateRunSchema,
  templateScanNowResponseSchema,
  templateScanNowSchema,
} from './contract/template-runs.js';
// end licences, payments, limits and support
// templates (contract): my and public templates, upload results, tag picker
export {
  TEMPLATE_SCOPES,
  TEMPLATE_UPLOAD_MAX_FILES,
  TEMPLATE_YAML_MAX,
  type TemplateDetail,
  type TemplateIssueItem,
  type TemplateItem,
  type TemplateList,
  type TemplateListQuery,
  type TemplateScope,
  type TemplateTag,
  type TemplateTagList,
  type TemplateUploadResult,
  type TemplateWriteInput,
  templateDetailSchema,
  templateIssueSchema,
  templateItemSchema,
  templateListQuery,
  templateListSchema,
  templateTagListSchema,
  templateTagQuery,
  templateTagSchema,
  templateUploadResultSchema,
  templateWriteSchema,
} from './contract/templates.js';
export { type Profile, profileSchema, type User, userSchema } from './contract/user.js';
export {
  type BuiltinWorkerInfo,
  builtinWorkerInfoSchema,
  type ClaimedTask,
  claimedTaskSchema,
  type DiscoveredAssetResult,
  type DiscoveryPayload,
  discoveredAssetResultSchema,
  discoveryPayloadSchema,
  GATE_STATES,
  type GateState,
  type HeartbeatResponse,
  heartbeatResponseSchema,
  type InteractshEndpoint,
  interactshEndpointSchema,
  type ResultBatch,
  resultBatchResponseSchema,
  resultBatchSchema,
  taskClaimResponseSchema,
  taskClaimSchema,
  taskCompleteSchema,
  taskFailSchema,
  taskStatusResponseSchema,
  WORKER_GROUP_PHOTO_MAX_BYTES,
  WORKER_ONLINE_SECONDS,
  type Worker,
  type WorkerCapabilities,
  type WorkerCreated,
  type WorkerCreateInput,
  type WorkerGroup,
  type WorkerGroupInput,
  type WorkerHello,
  type WorkerHelloResponse,
  type WorkerUpdateInput,
  workerCapabilitiesSchema,
  workerCreatedSchema,
  workerCreateSchema,
  workerGroupInputSchema,
  workerGroupListSchema,
  workerGroupSchema,
  workerHelloResponseSchema,
  workerHelloSchema,
  workerListQuery,
  workerListSchema,
  workerSchema,
  workerUpdateSchema,
} from './contract/workers.js';
// files
export { cleanFileName, stripBidiControls } from './files/file-name.js';
// i18n
export {
  formatNumber,
  ISOLATE_END,
  ISOLATE_START,
  intlLocaleOf,
  isolate,
  localDigits,
  readableParams,
  toLatinDigits,
} from './i18n/format.js';
export { STATUS_LABELS_FA, statusLabel } from './i18n/labels.js';
export { DEFAULT_LANG, isRtl, LANGUAGES, type Lang, toLang } from './i18n/lang.js';
export { isMessageKey, MESSAGES, type MessageKey, translate } from './i18n/messages.js';
export { runMessageText } from './i18n/run-messages.js';
export { TRANSLATED_TECHNOLOGY_CATEGORIES, technologyCategoryName } from './i18n/technology-categories.js';
// polling
export {
  createPoller,
  DEFAULT_POLL_INTERVAL_MS,
  type Poller,
  type PollerOptions,
  type PollerSnapshot,
  type Timers,
} from './polling/poller.js';
export * from './scans/progress.js';
export * from './scans/scan-form.js';
export * from './scans/severity.js';
export * from './scans/start-bulk-scan.js';
export * from './scans/vulnerability-export.js';
export { isScanTarget, parseScanTargets } from './template-runs/scan-targets.js';
// end template runs
// templates
export {
  type ParsedTemplate,
  type ParseTemplateResult,
  parseTemplate,
  REJECTED_PROTOCOLS,
  type RejectedProtocol,
  RUNNABLE_PROTOCOLS,
  type RunnableProtocol,
  splitList,
  TEMPLATE_ID_PATTERN,
  TEMPLATE_SEVERITIES,
  type TemplateInfo,
  type TemplateIssue,
  type TemplateSeverity,
  type YamlMap,
} from './templates/index.js';
// validation
export {
  emailField,
  newPasswordField,
  type ProfileUpdateInput,
  passwordField,
  profileUpdateSchema,
  type SignInInput,
  type SignUpInput,
  signInSchema,
  signUpSchema,
  usernameField,
} from './validation/auth.js';
export { COMMON_PASSWORDS, isCommonPassword } from './validation/common-passwords.js';
export {
  type FieldErrors,
  issueMessage,
  localizeIssues,
  type ValidationResult,
  validateWith,
} from './validation/localize-issues.js';
export {
  findAllUnstorableText,
  findUnstorableText,
  hasUnstorableText,
  storableText,
  storableTextCheck,
  unstorableTextIssues,
} from './validation/storable-text.js';
// targets
export {
  type AssetGroupTargetsInput,
  DEFAULT_MAX_CIDR_ADDRESSES,
  expandCidr,
  formatIpv4,
  formatIpv6,
  type LocalizedMessage,
  normalizeDomain,
  type ParsedTarget,
  type PortSetting,
  parseIpv4,
  parseIpv6,
  parsePorts,
  parseTarget,
  splitTargets,
  type TargetMessageCode,
  type TargetsResult,
  targetMessage,
  type ValidateRootsOptions,
  validateAssetGroupTargets,
  validateRoots,
} from './validation/targets.js';
export {
  ASSIGNABLE_ROLES,
  type MemberRoleChangeInput,
  memberRoleChangeSchema,
  TEAM_NAME_MAX,
  type TeamCreateInput,
  type TeamInviteInput,
  type TeamRenameInput,
  type TransferOwnershipInput,
  teamCreateSchema,
  teamInviteSchema,
  teamNameField,
  teamRenameSchema,
  transferOwnershipSchema,
} from './validation/teams.js';
