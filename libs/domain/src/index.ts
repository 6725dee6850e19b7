// The domain's public surface: what the server, the web app, the contract and the tools use.
export {
  Role,
  type RoleId,
  ALL_ROLES,
  STAFF_ROLES,
  CUSTOMER_ROLES,
  ROLE_NAMES,
  ROLE_LABELS,
  isRoleId,
  roleFromName,
  isStaffRole,
} from './roles/roles';
export { type Permission, mayCall, grantableRoles } from './roles/permissions';
export { ROUTE_ROLES, type LayoutRoute, canOpenRoute, homePathFor, SIDEBAR, sidebarFor } from './roles/routes';
export { type FieldIssue, validate, checkedOutput } from './rules/validation';
export { mustBeTrueOrFalse, requiredText, emailField, idField, isFilterDay, ynFlag } from './rules/fields';
export {
  PASSWORD_MIN_LENGTH,
  PASSWORD_MESSAGES,
  newPassword,
  passwordRuleResults,
  OwnPasswordChangeSchema,
  type OwnPasswordChange,
  NewPasswordSchema,
  type NewPassword,
} from './rules/password';
export { SUPPORTED_COUNTRIES, PREFERRED_COUNTRIES, phoneField } from './rules/phone';
export {
  MESSAGES,
  copiedToClipboard,
  copiedLabel,
  resourceQuotaWarning,
  modulesTitle,
  stepsTitle,
  SPANISH_CONFIRM_LABELS,
  APP_VERSION,
  ERROR_TOAST_MS,
  ESCALATION_TOAST_MS,
  SESSION_TTL_SECONDS,
} from './rules/messages';
export {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_NUM,
  OPTION_LIST_SIZE,
  CUSTOMER_DROPDOWN_SIZE,
  MAX_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
  PAGE_MESSAGES,
  PageQuerySchema,
  type PageQuery,
  type ListOf,
  orderColumn,
} from './entities/paging';
export {
  DEFAULT_RESOURCE_QUOTA,
  type Customer,
  CUSTOMER_MESSAGES,
  customerInUseMessage,
  CustomerCreateSchema,
  type CustomerCreate,
  CustomerUpdateSchema,
  type CustomerUpdate,
} from './entities/customer';
export {
  type SessionUser,
  type User,
  USER_MESSAGES,
  UserCreateSchema,
  type UserCreate,
  UserUpdateSchema,
  type UserUpdate,
  AdminPasswordChangeSchema,
  type AdminPasswordChange,
} from './entities/user';
export { fullName } from './rules/full-name';
export {
  AUTH_MESSAGES,
  CODE_MIN,
  CODE_MAX,
  CODE_TTL_SECONDS,
  CODE_MAX_WRONG,
  RESEND_LIMIT,
  RESEND_WINDOW_SECONDS,
  PREAUTH_TTL_SECONDS,
  RESET_LINK_TTL_SECONDS,
  LoginRequestSchema,
  type LoginRequest,
  TfaRequestSchema,
  type LoginAnswer,
  type TokenAnswer,
  type MessageAnswer,
  SmsResetVerifySchema,
  type SmsResetVerify,
  EmailResetStartSchema,
  type EmailResetStart,
} from './entities/auth';
export { SmsResetStartSchema, type SmsResetStart } from './entities/sms-reset';
export { loginErrors, loginMachine } from './machines/login/login.machine';
export { twoFactorMachine } from './machines/two-factor/two-factor.machine';
export { changePasswordErrors, changePasswordMachine } from './machines/change-password/change-password.machine';
export { sessionMachine } from './machines/session/session.machine';
export { smsPhoneErrors, smsVerifyErrors, smsResetMachine } from './machines/sms-reset/sms-reset.machine';
export { emailStartErrors, emailConfirmErrors, emailResetMachine } from './machines/email-reset/email-reset.machine';
export {
  type UserScreen,
  USER_SCREENS,
  type UserFormSetup,
  type UserFormValues,
  emptyUserForm,
  userFormFromUser,
  userFormLayout,
  userFormFields,
  roleOptions,
  customerOptions,
  type UserCreateBody,
  type UserUpdateBody,
  userFormBody,
  USER_STATUS_OPTIONS,
} from './rules/user-form';
export {
  type Actor,
  type UserFacts,
  type StaffRootCount,
  signInRefusal,
  isActiveStaffRoot,
  userDeleteRefusal,
  userUpdateRefusal,
  emailChangeRefusal,
  adminPasswordRefusal,
  isSamePhone,
  ownChangeNeedsPassword,
  currentPasswordRefusal,
  homeOf,
  homeCustomerRefusal,
} from './rules/user-refusals';
export { customerDeleteRefusal, customerUpdateRefusal, isProviderCustomer } from './rules/customer-refusals';
export {
  type CustomerFormSetup,
  emptyCustomerForm,
  customerFormFromCustomer,
  customerFormLayout,
  customerFormFields,
  customerStatusOptions,
  customerCreateBody,
  customerUpdateBody,
} from './rules/customer-form';
export { ACTIVE_FLAG_OPTIONS, activeFlagStatus, userStatus, eventStatus, slaComplianceStatus } from './rules/status';
export { listDate } from './rules/dates';
export { type ListQuery, listMachine } from './machines/list/list.machine';
export {
  type FormErrors,
  type RecordFormInput,
  type RecordFormEvent,
  recordFormErrors,
  type RecordFormMachine,
  type RecordFormKit,
} from './machines/record-form/record-form.machine';
export { userFormMachine, userFormInput } from './machines/user-form/user-form';
export { customerFormMachine, customerRecordForm, customerFormInput } from './machines/customer-form/customer-form';
export {
  stepFormMachine,
  stepFormInput,
  stepFormFromStep,
  stepFormCanSave,
  participationTypeOptions,
  channelOptions,
  resourceOptions,
  followUpText,
} from './machines/escalation-step/escalation-step';
export {
  type EscalationFormValues,
  emptyEscalationForm,
  escalationFormFromEscalation,
  escalationFormFields,
  escalationCreateBody,
  escalationUpdateBody,
  escalationFormMachine,
  escalationRecordForm,
  escalationFormInput,
} from './machines/escalation-form/escalation-form';
export {
  type AdminPasswordField,
  adminPasswordErrors,
  adminPasswordMachine,
} from './machines/admin-password/admin-password.machine';
export { type Channel, type ParticipationType, type Language, type YesNo } from './entities/reference';
export {
  type Resource,
  RESOURCE_MESSAGES,
  type ResourceLimit,
  resourcePhoneShown,
  ResourceCreateSchema,
  type ResourceCreate,
  ResourceUpdateSchema,
  type ResourceUpdate,
} from './entities/resource';
export {
  type Sla,
  SLA_MESSAGES,
  SLA_UNIT_OPTIONS,
  slaMinutes,
  SlaCreateSchema,
  type SlaCreate,
  SlaUpdateSchema,
  type SlaUpdate,
} from './entities/sla';
export {
  type Escalation,
  ESCALATION_MESSAGES,
  EscalationCreateSchema,
  type EscalationCreate,
  EscalationUpdateSchema,
  type EscalationUpdate,
  type EscalationStep,
  type StepSaveAnswer,
  MAX_STEPS,
  PrioritySchema,
  type PriorityChange,
} from './entities/escalation';
export {
  type Application,
  APPLICATION_MESSAGES,
  ApplicationCreateSchema,
  type ApplicationCreate,
  ApplicationUpdateSchema,
  type ApplicationUpdate,
} from './entities/application';
export {
  type Module,
  MODULE_MESSAGES,
  ModuleCreateSchema,
  type ModuleCreate,
  ModuleUpdateSchema,
  type ModuleUpdate,
} from './entities/module';
export {
  INCIDENT_MESSAGES,
  IncidentSimulationSchema,
  type IncidentSimulation,
  IncidentIngestSchema,
  type IncidentIngest,
  INGEST_MESSAGES,
  type IncidentCreated,
  type ResponderView,
  RESPONDER_MESSAGES,
  IncidentResolveSchema,
  type IncidentResolve,
  CASE_ID_PATTERN,
  type IncidentState,
} from './entities/incident';
export {
  STEP_MESSAGES,
  FOLLOW_UP_UNIT_OPTIONS,
  type StepBody,
  StepSchema,
  type StepFormValues,
  emptyStepForm,
  stepFormLayout,
  stepFormBody,
  maskDigits,
  CHANNEL,
} from './rules/escalation-step';
export {
  ESCALATION_INVALID_WARNING,
  type StepForValidity,
  lastInLineStep,
  isEscalationValid,
} from './rules/escalation';
export {
  type EngineChannel,
  type EngineState,
  type EngineInput,
  type ContactAction,
  type EngineAction,
  type EngineOutcome,
  newEngineState,
  runEngine,
  RESPONSE_VIAS,
  type ResponseVia,
  type Responder,
  type StepVia,
  type EngineActor,
  type OnCallLookup,
  type OnCallPerson,
  walkOrder,
  accepterStep,
  actorName,
} from './engine/escalation-engine';
export * from './engine/event-actions';
export {
  CREDENTIAL_MESSAGES,
  credentialMachine,
  shownKey,
  credentialCsv,
} from './machines/credential/credential.machine';
export { type IngestExample, EXAMPLE_LANGUAGES, type ExampleLanguage, ingestExamples } from './ingest/examples';
export {
  EVENTS_V2_ANSWERS,
  type EventsV2Answer,
  type AlertmanagerAnswer,
  EventsV2Schema,
  type EventsV2Event,
  eventsV2Incident,
  AlertmanagerWebhookSchema,
  type AlertmanagerWebhook,
  alertAsEvent,
} from './ingest/pagerduty-events';
export { engineStepsOf, pushAddress, addressOf, type StepRowForEngine, type EnginePerson } from './engine/event-steps';
export { THROTTLE, recipientSlot, type CustomerWindow, customerSlot, bundleMessage } from './engine/throttle';
export {
  type ContactLanguage,
  contactLanguage,
  type PushAction,
  type PushNotification,
  PUSH_TEXT_LIMITS,
} from './engine/contact-message';
export { endEntryOf, contactOf, type Contact, type WakeUpEnd, wakeUpEnd } from './engine/wake-up';
export {
  resourceDeleteRefusal,
  slaDeleteRefusal,
  escalationDeleteRefusal,
  applicationDeleteRefusal,
  moduleChoiceRefusals,
  moduleIntakeRefusal,
  resourceQuota,
  resourceQuotaRefusal,
} from './rules/catalogue-refusals';
export {
  type ResourceCreateBody,
  type ResourceUpdateBody,
  emptyResourceForm,
  resourceFormFromResource,
  resourceFormLayout,
  resourceFormFields,
  languageOptions,
  resourceCreateBody,
  resourceUpdateBody,
} from './rules/resource-form';
export {
  emptySlaForm,
  slaFormFromSla,
  slaResponseTimeMask,
  slaResponseTimeLabel,
  slaFormLayout,
  slaFormFields,
  slaCreateBody,
  slaUpdateBody,
} from './rules/sla-form';
export { resourceFormMachine, resourceRecordForm, resourceFormInput } from './machines/resource-form/resource-form';
export { slaFormMachine, slaRecordForm, slaFormInput } from './machines/sla-form/sla-form';
export {
  emptyApplicationForm,
  applicationFormFromApplication,
  applicationFormLayout,
  applicationFormFields,
  applicationCreateBody,
  applicationUpdateBody,
  applicationModuleNames,
} from './rules/application-form';
export {
  type ModuleFormSetup,
  emptyModuleForm,
  moduleFormFromModule,
  moduleFormLayout,
  moduleFormFields,
  moduleEscalationOptions,
  moduleSlaOptions,
  moduleCreateBody,
  moduleUpdateBody,
} from './rules/module-form';
export {
  type IncidentSimulationValues,
  type IncidentSimulationField,
  canSendSimulation,
  incidentSimulationBody,
  simulationOutcome,
} from './rules/incident-simulation';
export {
  applicationFormMachine,
  applicationRecordForm,
  applicationFormInput,
  moduleFormMachine,
  moduleRecordForm,
  moduleFormInput,
  incidentSimulationMachine,
  incidentSimulationInput,
} from './machines/catalogue-forms/catalogue-forms';
export { responderMachine } from './machines/responder/responder.machine';
export {
  pushDeviceMachine,
  type PushDeviceStatus,
  type PushDeviceContext,
  type PushDeviceEvent,
} from './machines/push-device/push-device.machine';
export {
  PUSH_MESSAGES,
  PUSH_DEVICES_PER_OWNER,
  PUSH_ENDPOINT_MAX,
  isPushEndpoint,
  PushSubscriptionSchema,
  type PushSubscriptionBody,
  PushEndpointSchema,
  type PushEndpointBody,
  type PushKeyAnswer,
  type PushState,
  type PushDevice,
  type PushDeviceList,
} from './entities/push-subscription';
export {
  EVENT_STATUS_VALUES,
  type EventStatusValue,
  type IncidentEvent,
  type EventLogEntry,
  EVENT_AUDIO_DAYS,
  type EventOrderColumn,
  EVENT_MESSAGES,
  EventFilterSchema,
  type EventFilter,
  EventListQuerySchema,
  type EventListQuery,
  EventLogExportSchema,
  type EventLogExportQuery,
} from './entities/event';
export {
  INBOUND_MESSAGES,
  INBOUND_SIGNATURE_WINDOW_SECONDS,
  InboundSchema,
  type Inbound,
  type InboundSms,
  type InboundVoice,
  type InboundStatus,
  type InboundAnswer,
  parseSmsReply,
  replyTarget,
  voiceKeyAction,
  type ReplyNote,
  replyText,
} from './inbound/inbound';
export {
  type DashboardToday,
  type ModuleEventCount,
  type ModulePerformance,
  type CompliancePerformance,
  type ResponderCount,
  type EventChartRow,
  type ModuleEventTimes,
  type ModulePeriod,
  DEFAULT_MODULE_PERIOD,
  DASHBOARD_MESSAGES,
  ModuleSummaryQuerySchema,
  ChartSummaryQuerySchema,
  TOP_RESPONDERS,
} from './entities/dashboard';
export {
  MONTH_LABELS,
  percentText,
  modulePerformanceBars,
  compliancePerformanceBars,
  yearSeries,
  minutesText,
} from './rules/dashboard';
export { TimeZoneSchema, dashboardPeriods } from './rules/time-zone';
export { dayRange } from './rules/zoned-time';
export {
  CSV_LINE_END,
  CSV_FORMULA_START,
  CSV_NEEDS_QUOTES,
  EVENT_CSV_HEADERS,
  type EventCsvHeader,
  type EventCsvValues,
  eventCsvLine,
  EVENT_LOG_CSV_COLUMNS,
  csvHeader,
  csvRow,
  eventsCsvFileName,
  eventLogCsvFileName,
} from './rules/event-csv';
export {
  type SlaFilter,
  nextSlaFilter,
  slaFilterText,
  EVENT_STATUS_OPTIONS,
  audioState,
  eventLogsTitle,
  newEventsText,
  DETAIL_LOG_DELAY_MS,
  DETAIL_LOG_PAGE_SIZE,
  CHANNEL_LABELS,
  resolvedStatus,
} from './rules/event-screens';
export { CHAT_MESSAGES, CHAT_LIMITS, ChatPromptSchema, type ChatSource, type ChatAnswer } from './entities/chat';
export {
  type GuideSection,
  GUIDE_PATH,
  guideHref,
  anchorMaker,
  guideSections,
  sectionPath,
  plainText,
} from './rules/user-guide';
export { chatMachine } from './machines/chat/chat.machine';
export {
  DELIVERY_PROVIDERS,
  PROVIDER_LABELS,
  PROVIDER_CHANNELS,
  DELIVERY_STATUSES,
  DELIVERY_STATUS_LABELS,
  DELIVERY_ATTEMPTS,
  CHAIN_MESSAGES,
  DeliveryChainSchema,
  isUndelivered,
  parseDeliveryChain,
  chainFor,
  nextProvider,
  failoverNote,
  readFailovers,
  reportReason,
  type Failover,
  type DeliveryProvider,
  type DeliveryStatus,
  type DeliveryChains,
  type DeliveryChainInput,
  type PhoneChannel,
} from './delivery/chain';
export {
  PROVIDER_FIELDS,
  PROVIDER_MESSAGES,
  ProviderSettingsBodySchema,
  providerSettingIssues,
  isProvider,
  type ProviderField,
  type ProviderValues,
  type ProviderSettingsView,
  type DeliverySettingsView,
  type ProviderCheckAnswer,
  type TestSendResult,
} from './delivery/providers';
export { TEST_INTERVAL_MS, TEST_MESSAGES_PER_HOUR, TEST_SEND_MESSAGES, testSendText } from './delivery/test-send';
export {
  CHAT_PROVIDERS,
  CHAT_PROVIDER_LABELS,
  CHAT_SECRETS,
  CHAT_MODULE_LIMIT,
  TEAM_CHAT_MESSAGES,
  SlackChannelSchema,
  SlackSettingsBodySchema,
  MattermostSettingsBodySchema,
  TeamsSettingsBodySchema,
  chatSecretIssues,
  chatSettingsIssues,
  type ChatProvider,
  type ChatSecretName,
  type SlackChannel,
  type SlackSettingsBody,
  type MattermostSettingsBody,
  type TeamsSettingsBody,
  type ChatSettingsBodies,
  type ChatModuleOption,
  type SlackSettingsView,
  type MattermostSettingsView,
  type TeamsSettingsView,
  type ChatSettingsViews,
} from './team-chat/settings';
export {
  CHAT_NOTICE_KINDS,
  CHAT_NOTICE_MESSAGES,
  SLACK_ACTIONS,
  chatNoticesOf,
  chatActionsOf,
  chatHeadline,
  slackMessage,
  slackStepMessage,
  noticeLine,
  mattermostMessage,
  mattermostUpdate,
  teamsMessage,
  type ChatNoticeKind,
  type ChatNotice,
  type ChatEvent,
  type MattermostIntegration,
} from './team-chat/notices';
export * from './rules/event-action-forms';
export { timelineText } from './rules/event-timeline';
export * from './schedules/schedule';
export * from './schedules/on-call';
export { isTimeZone, localTime, zonedInstant, offsetAt, formatInZone, DAY_MS, type LocalTime } from './schedules/zone';
export * from './schedules/calendar';
export * from './maintenance/maintenance-window';
export * from './maintenance/maintenance-rules';
export * from './maintenance/maintenance-form';
export * from './maintenance/maintenance-marks';
export * from './heartbeats/heartbeat';
export * from './webhooks/webhook';
export * from './webhooks/webhook-form';
export * from './importers/index';
export * from './audit/audit-trail';
export {
  SCHEDULE_SCREEN_TEXTS,
  SCHEDULE_FORM_MESSAGES,
  MONTH_NAMES,
  NEW_RESTRICTION,
  OVERRIDE_FORM_FIELDS,
  clockText,
  dayTimeText,
  rangeText,
  dateIn,
  localInputOf,
  instantOfLocalInput,
  isoInZone,
  viewerZoneHint,
  scheduleZoneChoices,
  emptyScheduleForm,
  rotationBodyOf,
  scheduleBodyOf,
  scheduleFormFromSchedule,
  scheduleFormFields,
  scheduleFormErrors,
  scheduleCreateBody,
  scheduleUpdateBody,
  restrictionKey,
  emptyRotationForm,
  rotationFormFromRotation,
  rotationFormErrors,
  rotationBody,
  rotationSaveErrors,
  scheduleWithRotation,
  scheduleWithoutRotation,
  movedItem,
  mayAddParticipant,
  mayAddRestriction,
  mayAddRotation,
  daysText,
  restrictionText,
  shiftLengthText,
  rotationSummary,
  rotationTitle,
  overrideFormFor,
  nextHourRange,
  resourceOfUser,
  overrideFormErrors,
  overrideBody,
  gapWarningText,
  type ScheduleFormValues,
  type ScheduleFormField,
  type RotationFormValues,
  type RotationFormField,
  type RestrictionField,
  type OverrideFormValues,
  type OverrideFormField,
} from './rules/schedule-form';
export {
  scheduleFormMachine,
  scheduleRecordForm,
  scheduleFormInput,
  rotationFormMachine,
  rotationFormInput,
  overrideFormMachine,
  overrideFormInput,
} from './machines/schedule-form/schedule-form';
export {
  TIMELINE_VIEWS,
  periodAt,
  periodMoved,
  periodTitle,
  timelineLanes,
  scheduleTimelineMachine,
  type TimelineView,
  type TimelineDay,
  type TimelinePeriod,
  type TimelineLane,
  type ShiftsRange,
  type TimelineContext,
  type TimelineEvent,
  type TimelineInput,
} from './machines/schedule-timeline/schedule-timeline.machine';
export {
  temporaryShiftKey,
  temporaryPeriodText,
  mayAddTemporary,
  mayAddTemporaryShift,
  emptyTemporaryForm,
  temporaryFormFromTemporary,
  nextTemporaryShift,
  scheduleWithoutTemporary,
  temporaryFormErrors,
  scheduleTemporaryBody,
  temporarySaveErrors,
  type TemporaryShiftFormValues,
  type TemporaryFormValues,
  type TemporaryFormField,
  type TemporaryShiftField,
} from './rules/schedule-form';
export { temporaryFormMachine, temporaryFormInput } from './machines/schedule-form/schedule-form';
export * from './heartbeats/heartbeat-form';
export * from './inbound-email/inbound-email';
export * from './api-tokens/api-token';
export * from './sso/calls';
export * from './sso/sign-in';
export * from './sso/settings';
export * from './api-tokens/api-token-form';
export * from './sso/customer-sso-form';
export * from './i18n';
